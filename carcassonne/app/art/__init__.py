"""The pictures: tile images and pieces, fonts, each segment's pixels and where a follower stands."""
