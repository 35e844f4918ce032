package opt

import (
	"fmt"
	"runtime/debug"
	"slices"
	"time"

	"github.com/myia/myia/ir"
)

// A Pass rewrites the live graphs of a Unit and reports whether it
// changed anything. Its name is its function's name in lower case.
type Pass struct {
	Name string
	Run  func(*Unit) bool
	// Level is the lowest optimization level (-O) that runs the pass.
	Level int
	// Late passes run only in the rounds where the others changed
	// nothing: they are worth running on code the others are done with.
	Late bool
	// Typed passes run on typed graphs too (Options.Typed): they give
	// what they make the types of what it replaces, and never copy a
	// graph that makes closures (a closure's type names its graph).
	Typed bool
}

// Pipeline is the optimizer: Optimize runs these passes in this order,
// and again, until none changes anything. If a pass is not in this
// list, it does not run.
//
// Expand comes first: J of the closures it can transform now gives
// derivative code the rest optimizes; privatise gives the program its
// own copies of the J graphs a run-time J may share. Inlining follows:
// it exposes the tuples, closures and constants the local rules
// (simplify: folding, tuples, switch, algebra, zeros, environments)
// then cancel, all together; the branches and closures
// they make known are inlined in the next round; incorporate copies
// code where inlining may not; dce drops the orderings that protect
// nothing. The late passes run once those are done: CSE when the rules
// have made equal things look equal, specialise on what inlining could
// not take, eta and lift on the closures that remain; reverse turns the
// forward passes of loops into loops that record a tape (typed graphs,
// and the VM's once inference is done: Options.ReverseUntyped); narrow
// drops the elements of returned tuples no caller reads (typed graphs:
// the backpropagators' sensitivities of what is not differentiated).
var Pipeline = []Pass{
	{Name: "expand", Run: Expand, Level: 2, Typed: true},
	{Name: "privatise", Run: Privatise, Level: 2},
	{Name: "inline", Run: Inline, Level: 1, Typed: true},
	{Name: "simplify", Run: Simplify, Level: 1, Typed: true},
	{Name: "incorporate", Run: Incorporate, Level: 2},
	{Name: "dce", Run: DCE, Level: 1, Typed: true},
	{Name: "cse", Run: CSE, Level: 1, Late: true, Typed: true},
	{Name: "specialise", Run: Specialise, Level: 2, Late: true},
	{Name: "eta", Run: Eta, Level: 2, Late: true},
	{Name: "lift", Run: Lift, Level: 2, Late: true},
	{Name: "reverse", Run: Reverse, Level: 2, Late: true, Typed: true},
	{Name: "narrow", Run: Narrow, Level: 2, Late: true, Typed: true},
}

// Options configure Optimize.
type Options struct {
	// Level is the optimization level: 0 runs nothing, 1 the passes
	// that never copy a graph's code but to inline it, 2 all.
	Level int
	// Verify runs ir.Verify after every pass that changed something and
	// panics, naming the pass, if it fails.
	Verify bool
	// Observe, if set, is called after every pass that changed
	// something, with the pass's name and the round (from 1); and once
	// before the first pass with name "start" and round 0.
	Observe func(pass string, round int)
	// MaxRounds bounds the rounds of the pipeline (default 24).
	MaxRounds int
	// Budget bounds the nodes inlining and specialisation may add in
	// all (default: 4096 plus 4 times the live nodes at the start).
	Budget int
	// AD applies J to graphs, for Expand (nil: J of closures stays a
	// run-time J).
	AD Differentiator
	// Passes, if not nil, names the passes to run (the others of the
	// level are skipped): for tests and for looking at one pass.
	Passes []string
	// Typed says the roots are inference's typed clones (the graphs the
	// native backends compile): only the passes marked Typed run, every
	// node they make has a type, and ConstType gives the constants
	// theirs.
	Typed     bool
	ConstType func(v any) ir.Type
	// ReverseUntyped lets the reverse pass rewrite untyped graphs (the
	// VM's), which it leaves alone otherwise: inference must not see
	// the tapes it makes, so the pipeline asks for it after inference.
	ReverseUntyped bool
}

// Stats says what Optimize did.
type Stats struct {
	Rounds int
	// Changes counts, per pass name, the runs that changed something.
	Changes map[string]int
	// Time per pass name.
	Time map[string]time.Duration
	// NodesBefore and NodesAfter count the live applies (return nodes
	// included) of the roots' graphs.
	NodesBefore, NodesAfter int
}

// Optimize runs the Pipeline over the graphs reachable from roots, to a
// fixpoint or until its budget is spent. It returns what it did; a
// compiler bug panics.
func Optimize(m *ir.Module, roots []*ir.Graph, o Options) *Stats {
	st := &Stats{Changes: map[string]int{}, Time: map[string]time.Duration{}}
	if o.Level <= 0 {
		return st
	}
	if o.MaxRounds <= 0 {
		o.MaxRounds = 24
	}
	u := NewUnit(m, roots)
	u.ad = o.AD
	u.typed, u.constType, u.verify = o.Typed, o.ConstType, o.Verify
	u.reverseUntyped = o.ReverseUntyped

	st.NodesBefore = u.NodeCount()
	u.budget = o.Budget
	if u.budget <= 0 {
		u.budget = 4096 + 4*st.NodesBefore
	}
	if o.Observe != nil {
		o.Observe("start", 0)
	}
	for round := 1; round <= o.MaxRounds; round++ {
		st.Rounds = round
		u.round = round
		changed := false
		for _, p := range Pipeline {
			if p.Level > o.Level || p.Late && changed || o.Typed && !p.Typed || o.Passes != nil && !slices.Contains(o.Passes, p.Name) {
				continue
			}
			start := time.Now()
			c := runPass(p, u)
			st.Time[p.Name] += time.Since(start)
			if !c {
				continue
			}
			changed = true
			st.Changes[p.Name]++
			if o.Verify {
				if err := ir.Verify(m); err != nil {
					panic(fmt.Sprintf("opt: after pass %s (round %d): %v", p.Name, round, err))
				}
			}
			if o.Observe != nil {
				o.Observe(p.Name, round)
			}
		}
		if !changed {
			break
		}
	}
	u.cleanup()
	if o.Verify {
		if err := ir.Verify(m); err != nil {
			panic(fmt.Sprintf("opt: after cleanup: %v", err))
		}
	}
	if o.Observe != nil {
		o.Observe("cleanup", st.Rounds)
	}
	st.NodesAfter = u.NodeCount()
	return st
}

func runPass(p Pass, u *Unit) bool {
	defer func() {
		if r := recover(); r != nil {
			panic(fmt.Sprintf("opt: pass %s: %v\n%s", p.Name, r, debug.Stack()))
		}
	}()
	return p.Run(u)
}
