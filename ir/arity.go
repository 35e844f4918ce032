package ir

import (
	"fmt"
	"strings"
)

// TooManyArgs is Python's TypeError for a call of name with n
// positional arguments, more than its params parameters, ndefaults of
// which have defaults. The frontend, inference and the VM say it alike,
// so the backends agree on run-time errors.
func TooManyArgs(name string, params, ndefaults, n int) string {
	takes := fmt.Sprintf("%d positional argument%s", params, plural(params))
	if ndefaults > 0 {
		takes = fmt.Sprintf("from %d to %d positional arguments", params-ndefaults, params)
	}
	was := "were"
	if n == 1 {
		was = "was"
	}
	return fmt.Sprintf("%s() takes %s but %d %s given", name, takes, n, was)
}

// MissingArgs is Python's TypeError for a call of name that leaves out
// the parameters named missing (no default), listed as CPython lists
// them: 'a', 'a' and 'b', 'a', 'b', and 'c'.
func MissingArgs(name string, missing []string) string {
	q := make([]string, len(missing))
	for i, m := range missing {
		q[i] = "'" + m + "'"
	}
	list := strings.Join(q, " and ")
	if len(q) > 2 {
		list = strings.Join(q[:len(q)-1], ", ") + ", and " + q[len(q)-1]
	}
	return fmt.Sprintf("%s() missing %d required positional argument%s: %s", name, len(q), plural(len(q)), list)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
