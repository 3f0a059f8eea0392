// The SDL shell arrives in this target.
