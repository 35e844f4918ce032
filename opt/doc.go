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
// dozen tuples and closures; after Optimize it is 3 * x**2 * y**4
// (tests/testdata/opt/O2/figure1.txtar):
//
//	graph df(x, y) {
//	  %1 = to_float(y)
//	  %2 = pow(%1, 4)
//	  %3 = mul(%2, 3)
//	  %4 = to_float(x)
//	  %5 = mul(%4, %4)
//	  %6 = mul(%3, %5)
//	  return %6
//	}
//
// Kinds. Rules like x * 1.0 -> x need x's type. Without inference, kind.go
// finds what it can: the kinds of constants and of what primitives
// return, and of parameters from their call sites, by an optimistic
// fixpoint over loops and recursion. With inference, node types are read.
//
// The J transform at run time. The VM applies J to closures at run time
// (ad.Transformer), from the graphs as opt left them, and memoises J
// graphs; environment keys name free variables by the IDs of nodes. So:
// a graph the transform may hand out again (the fprop_ graphs of
// top-level functions and primitives, the stdlib) is never assumed to
// be called only where opt sees it (privatise gives the program its own
// copy); the free variables of a closure that a run-time J inside
// J-world code transforms keep their identity (protect); a graph's
// signature never changes; dead graphs nested in live ones are emptied
// (the transform takes every graph nested in a function).
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
