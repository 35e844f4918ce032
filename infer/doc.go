// Package infer finds the type of every node of the graphs a program
// runs, without annotations, by abstract interpretation over the graphs
// (as Myia does), and specialises each function for each signature it is
// called with.
//
// Data model. A frame is one specialisation: a graph, the frame of its
// lexical parent (its context: where its free variables get their types)
// and the types of its parameters. Inference starts from the entry's
// argument types and evaluates frames; a call of a graph finds or makes
// the callee's frame and reads its result. Functions (def, lambda,
// stdlib and AD graphs) get one frame per signature; blocks (branches,
// joins, loop headers and bodies) one frame per context, whose parameter
// types are the join of the arguments of every call. A frame whose
// inputs change is evaluated again until nothing changes: recursion and
// loops reach a fixpoint. Constants propagate (a condition known at
// compile time selects its branch, a tuple index known picks its element)
// but are widened away where a value varies: the arguments of loop
// headers and recursive calls, float arguments of every call.
//
// The lattice (types.go) is in Join: int and float join to float, bool
// and int to int; any other disagreement is a positioned error that
// points to both places. The rules of the primitives are a table indexed
// by ir.Prim (rules.go; the arrays' in array.go: numpy's broadcasting and
// dtypes, shapes whose dimensions are known or not, printed
// Array[Float64, (3, ?)], shape errors reported where the dimensions are
// known). Then specialise (clone.go) clones every frame reached into a
// monomorphic graph whose nodes carry their types, converting ints that
// arrive where a join made a float (convert.go):
//
//	graph square[Float64](x) @3:1 {
//	  %1 = mul(x, x) : Float64
//	  return %1 : Float64
//	}
package infer
