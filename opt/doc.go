// Package opt rewrites graphs until derivative code looks hand-written:
// the J transform's tuples, closures, environments and zeros dissolve
// into the arithmetic a person would write.
//
// Data model. A Unit is a module and the graphs to optimize (its roots,
// the user's functions) with every graph reachable from them through
// constants; those are the live graphs, and a live graph's live nodes
// are ir.Graph.Nodes. Analyses (liveness, uses of graphs, purity,
// recursion, sizes) are computed on demand and dropped when the module
// changes. A Pass is a function over a Unit that reports whether it
// changed anything; Pipeline lists them in order and Optimize runs the
// list to a fixpoint, within a budget of rounds and of the nodes that
// inlining and specialisation may add.
//
// The local rewrites (folding, algebraic identities, tuples,
// environments, zeros, switch) are rules: one small function per rule in
// a table indexed by ir.Prim, applied by one worklist driver (rules.go).
// A rule returns the node that replaces an application, or nil; it never
// makes the IR bigger. Inlining and specialisation are the passes that
// copy code, each within the budget.
//
// Figure 1 of Myia, f(x, y) = x**3 * y**4: grad(f)(x, y) with x and y
// floats, after the J transform (see docs/ad.md), is four graphs with a
// dozen tuples and closures; after Optimize it is
//
//	graph df(x, y) {
//	  %1 = pow(y, 4)
//	  %2 = mul(%1, 3)
//	  %3 = mul(x, x)
//	  %4 = mul(%2, %3)
//	  return %4
//	}
//
// Invariants every pass keeps: graphs stay valid programs (ir.Verify
// holds after every pass, and a graph the J transform reads at run time
// is always a correct program); print and assert applications, and the
// depend chains that order them, survive in the same order, never
// dropped nor duplicated; IEEE semantics of floats (x*0 is not 0; x+0.0
// is not x for x = -0.0), except that the symbolic zeros of AD
// (zeros_like, newenv) are dropped from sums; the signature of a graph
// that exists before Optimize never changes (a run-time J may have
// transformed it already): passes that change signatures make new graphs.
package opt
