"""Color Bowls (spec W1-W27): a ring of twelve bowls, sowing, colour matches and chains."""
