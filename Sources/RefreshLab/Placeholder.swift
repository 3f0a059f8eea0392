// The app library arrives in this target.
