"""One board on screen: the camera, the sprites, the tiles' masks and anchors, features painted."""
