// Package ir is myia's graph intermediate representation: the data model
// every stage of the compiler reads and rewrites.
//
// A program is a Module of Graphs. A Graph has Parameters and one return
// node; its body is the set of Apply nodes reachable from the return node.
// There are three kinds of node:
//
//	*Apply      an application: Inputs[0] is the callee, the rest its arguments
//	*Parameter  a parameter of exactly one graph
//	*Constant   a value: int64, float64, bool, string, None, a Prim, a *Graph
//
// A node of graph G used as an input inside graph H (H nested in G) is a
// free variable of H: there is no separate closure syntax. Every graph
// records its lexical parent explicitly. Control flow is functional: an
// `if` is switch(cond, G1, G2)() and a loop is a tail-recursive graph.
//
// The Module is the only writer of node inputs and keeps, for every node,
// the exact list of its uses (user, input index), so that Replace runs in
// O(uses). Node IDs are dense, so passes can keep marks in slices.
//
// Printed form of a graph (see docs/ir.md):
//
//	graph add1(x) @file.py:1:1 {
//	  %1 = add(x, 1)
//	  return %1
//	}
package ir
