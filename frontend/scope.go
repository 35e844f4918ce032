package frontend

import (
	"sort"

	"github.com/myia/myia/ir"
)

// locals returns the names a def (or lambda) binds: its parameters and
// every name it assigns, not looking into nested defs and lambdas. In
// Python a name assigned anywhere in a function is local to all of it.
func locals(params []*Param, body []Stmt) map[string]bool {
	set := map[string]bool{}
	for _, p := range params {
		set[p.Name] = true
	}
	var stmts func([]Stmt)
	stmts = func(ss []Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *Assign:
				for _, t := range s.Targets {
					targetNames(t, set)
				}
			case *AnnAssign:
				if s.Value != nil {
					targetNames(s.Target, set)
				}
			case *AugAssign:
				targetNames(s.Target, set)
			case *For:
				targetNames(s.Target, set)
				stmts(s.Body)
				stmts(s.Else)
			case *While:
				stmts(s.Body)
				stmts(s.Else)
			case *If:
				stmts(s.Body)
				stmts(s.Else)
			case *FuncDef:
				set[s.Name] = true
			}
		}
	}
	stmts(body)
	return set
}

// assigned returns, sorted, the names that statements ss assign, including
// in nested blocks but not in nested defs.
func assigned(ss ...[]Stmt) []string {
	set := map[string]bool{}
	for _, s := range ss {
		for name := range locals(nil, s) {
			set[name] = true
		}
	}
	out := make([]string, 0, len(set))
	for name := range set {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

func targetNames(t Expr, set map[string]bool) {
	switch t := t.(type) {
	case *Name:
		set[t.ID] = true
	case *Tuple:
		for _, e := range t.Elts {
			targetNames(e, set)
		}
	case *List:
		for _, e := range t.Elts {
			targetNames(e, set)
		}
	case *Starred:
		targetNames(t.X, set)
	}
}

// block is a straight-line piece of a function: one graph, the variables
// bound in it, and the lexically enclosing block where lookups continue.
type block struct {
	fn     *fnBuilder
	g      *ir.Graph
	parent *block
	vars   map[string]ir.Node
	// flags hold, for the names of vars that may be unbound here, the
	// Bool that says at run time whether they are (liveness.go).
	flags map[string]ir.Node
	// undef are names unbound here: assigned before on some paths only,
	// or only inside a loop that has ended, and dead here (liveness.go).
	undef map[string]bool
	// tok is the last effect of this block: the next effect is ordered
	// after it with depend.
	tok ir.Node
	// loop is the innermost loop around this block, for break/continue.
	loop *loopCtx
	// notNone are the names a test showed are not None where this
	// block starts, each with the test's position (narrow.go): read,
	// each is bound to not_none of its value.
	notNone map[string]ir.Pos
}

// loopCtx says where break and continue go.
type loopCtx struct {
	header, after *ir.Graph
	vars          []string // loop-carried variables, the parameters of header and after
	maybe         []string // loop-carried variables that may be unbound, each with its flag
	// next computes the header's extra leading arguments for continue
	// (the advanced counter of a for loop), in the given block.
	next func(bk *block) []ir.Node
}

func (b *Builder) newBlock(fn *fnBuilder, g *ir.Graph, parent *block) *block {
	bk := &block{fn: fn, g: g, parent: parent, vars: map[string]ir.Node{}, flags: map[string]ir.Node{}, undef: map[string]bool{}}
	if parent != nil {
		bk.loop = parent.loop
	}
	return bk
}
