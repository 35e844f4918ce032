package ad

import "github.com/myia/myia/ir"

// Generated says which primitives get their backpropagator from this
// package rather than from a rule: the variadic structural ones, and
// return, which is never differentiated as a call.
var Generated = map[ir.Prim]bool{ir.Return: true, ir.MakeTuple: true, ir.MakeList: true, ir.Print: true}

// RulesFrom picks the rules bprop_<name> out of the stdlib's functions and
// returns the names of the primitives that have none.
func RulesFrom(funcs map[string]*ir.Graph) (*Rules, []string) {
	return rulesFrom(funcs, "bprop_", Generated)
}

// rulesFrom picks the functions named prefix<primitive> out of funcs and
// returns the names of the primitives that have none and are not
// generated.
func rulesFrom(funcs map[string]*ir.Graph, prefix string, generated map[ir.Prim]bool) (*Rules, []string) {
	var r Rules
	var missing []string
	for p := ir.Prim(1); p < ir.NumPrims; p++ {
		if g, ok := funcs[prefix+p.String()]; ok {
			r[p] = g
		} else if !generated[p] {
			missing = append(missing, p.String())
		}
	}
	return &r, missing
}
