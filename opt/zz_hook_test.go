package opt

// (internal test helper, filled by an external test file)
