def x = {
