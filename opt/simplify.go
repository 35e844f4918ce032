package opt

// Simplify applies every local rule (fold.go, tuple.go, switch.go,
// algebra.go, zeros.go, env.go, array.go) together, by the one worklist driver of
// rules.go, until none applies: a constant folded makes a switch's
// condition known, the branch taken is a tuple taken apart at once, a
// zero is dropped from a sum, without waiting for another round of the
// pipeline. Each family of rules is also a pass of its own (Fold,
// Tuple...), for tests and for looking at one family at work.
//
//	%1 = eq(3, 0)                            (uses of %4 use %x)
//	%2 = switch(%1, @then, @else)
//	%3 = make_tuple(%x, %dx)
//	%4 = getitem(%3, 0)
//
// It runs after inlining, which brings the tuples, the constants and the
// zeros of the J transform into one graph.

import (
	"sync"

	"github.com/myia/myia/ir"
)

// Simplify is the pass of all the local rules.
func Simplify(u *Unit) bool { return rewrite(u, simplifyRules()) }

// simplifyRules is the union of the rule tables, made once the init
// functions of their files have filled them.
var simplifyRules = sync.OnceValue(func() *ruleTable {
	var all ruleTable
	for _, t := range []*ruleTable{&foldRules, &tupleRules, &switchRules, &algebraRules, &zerosRules, &envRules, &arrayRules} {
		for p := ir.Prim(0); p < ir.NumPrims; p++ {
			all[p] = append(all[p], t[p]...)
		}
	}
	return &all
})
