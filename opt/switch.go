package opt

// Switch simplifies switch(cond, a, b), an if's choice of branch:
//
//	switch(True, @then, @else)   ->  @then
//	switch(c, x, x)              ->  x
//	switch(not(c), a, b)         ->  switch(c, b, a)
//	switch(truth(c), a, b)       ->  switch(c, a, b)
//	switch(c, a, b)              ->  a    inside @x of switch(c, @x, @y)
//	truth(c)                     ->  c                 (c a bool)
//	env_getitem(switch(c, e, newenv()), k, d)  ->  switch(c, env_getitem(e, k, d), d)
//	gadd(switch(c, a1, b1), switch(c, a2, b2)) ->  switch(c, gadd(a1, a2), gadd(b1, b2))
//
// A call of the branch chosen is then a call of a known graph, which
// inlining takes. It runs after fold, which makes conditions constant.

import (
	"github.com/myia/myia/ir"
)

// Switch is the switch-simplification pass.
func Switch(u *Unit) bool { return rewrite(u, &switchRules) }

var switchRules ruleTable

func init() {
	switchRules.add(switchConst, ir.Switch)
	switchRules.add(switchSame, ir.Switch)
	switchRules.add(switchNot, ir.Switch)
	switchRules.add(switchTruth, ir.Switch)
	switchRules.add(switchKnownCond, ir.Switch)
	switchRules.add(truthOfBool, ir.Truth)
	switchRules.add(envGetOfSwitch, ir.EnvGetItem)
	switchRules.add(gaddOfSwitches, ir.Gadd)
}

// singleUser reports whether n has exactly one live use.
func singleUser(u *Unit, n ir.Node) bool { return u.liveUses(n) == 1 }

// env_getitem(switch(c, e, zero), k, d) -> switch(c, env_getitem(e, k, d), d),
// and the same with the zero first: the environment of the branch not
// taken is empty (a switch single-used, so the rewrite adds nothing).
func envGetOfSwitch(u *Unit, a *ir.Apply) ir.Node {
	s := applyOf(arg(a, 0), ir.Switch)
	if s == nil || !singleUser(u, s) {
		return nil
	}
	arm := func(e ir.Node) ir.Node {
		if isZero(e) {
			return arg(a, 2)
		}
		return nil
	}
	x, y := arm(arg(s, 1)), arm(arg(s, 2))
	if x == nil && y == nil {
		return nil
	}
	g := a.Graph()
	if x == nil {
		x = u.applyPrim(g, a.Pos(), a.Type(), ir.EnvGetItem, arg(s, 1), arg(a, 1), arg(a, 2))
	}
	if y == nil {
		y = u.applyPrim(g, a.Pos(), a.Type(), ir.EnvGetItem, arg(s, 2), arg(a, 1), arg(a, 2))
	}
	return u.apply(g, s.Pos(), a.Type(), s.Inputs[0], arg(s, 0), x, y)
}

// gadd(switch(c, a1, b1), switch(c, a2, b2)) -> switch(c, gadd(a1, a2), gadd(b1, b2)),
// both switches single-used; a sum with a symbolic zero is the other
// term.
func gaddOfSwitches(u *Unit, a *ir.Apply) ir.Node {
	s1, s2 := applyOf(arg(a, 0), ir.Switch), applyOf(arg(a, 1), ir.Switch)
	if s1 == nil || s2 == nil || s1 == s2 || arg(s1, 0) != arg(s2, 0) || !singleUser(u, s1) || !singleUser(u, s2) {
		return nil
	}
	g := a.Graph()
	sum := func(x, y ir.Node) ir.Node {
		switch {
		case isZero(x):
			return y
		case isZero(y):
			return x
		}
		return u.applyPrim(g, a.Pos(), a.Type(), ir.Gadd, x, y)
	}
	return u.apply(g, s1.Pos(), a.Type(), s1.Inputs[0], arg(s1, 0), sum(arg(s1, 1), arg(s2, 1)), sum(arg(s1, 2), arg(s2, 2)))
}

func switchConst(u *Unit, a *ir.Apply) ir.Node {
	v, ok := constOf(arg(a, 0))
	if !ok {
		return nil
	}
	if t, ok := truth(v); ok {
		if t {
			return arg(a, 1)
		}
		return arg(a, 2)
	}
	return nil
}

func switchSame(u *Unit, a *ir.Apply) ir.Node {
	if sameNode(arg(a, 1), arg(a, 2)) {
		return arg(a, 1) // switch takes the truth of any condition
	}
	return nil
}

func switchNot(u *Unit, a *ir.Apply) ir.Node {
	n := applyOf(arg(a, 0), ir.Not)
	if n == nil {
		return nil
	}
	return u.apply(a.Graph(), a.Pos(), a.Type(), a.Inputs[0], arg(n, 0), arg(a, 2), arg(a, 1))
}

func switchTruth(u *Unit, a *ir.Apply) ir.Node {
	t := applyOf(arg(a, 0), ir.Truth)
	if t == nil {
		return nil
	}
	return u.apply(a.Graph(), a.Pos(), a.Type(), a.Inputs[0], arg(t, 0), arg(a, 1), arg(a, 2))
}

// switchKnownCond decides switch(c, a, b) in a graph nested in an arm
// @x of another switch(c, @x, @y) on the same c, when that switch is
// the only use of @x: the code of x runs only when c is true (and the
// closures x makes capture that same c). The closures the J transform
// copies into a branch (see incorporateWrap) test the branch's
// condition again in their backward pass.
func switchKnownCond(u *Unit, a *ir.Apply) ir.Node {
	c := arg(a, 0)
	if _, ok := c.(*ir.Constant); ok || c.Graph() == a.Graph() {
		return nil
	}
	for _, us := range u.M.Users(c) {
		s := us.User
		if us.Index != 1 || s == a || !ir.IsApplyOf(s, ir.Switch) || s.Graph() != c.Graph() {
			continue
		}
		for k := 1; k <= 2; k++ {
			x := ir.GraphOf(arg(s, k))
			if x == nil || !x.IsAncestorOf(a.Graph()) || x == ir.GraphOf(arg(s, 3-k)) || !onlyUse(u, x, s) {
				continue
			}
			return arg(a, k)
		}
	}
	return nil
}

// onlyUse reports whether the only uses of graph x are by s.
func onlyUse(u *Unit, x *ir.Graph, s *ir.Apply) bool {
	for _, k := range x.Constants() {
		for _, us := range u.M.Users(k) {
			if len(us.User.Inputs) > 0 && us.User != s {
				return false
			}
		}
	}
	return true
}

// truth(c) -> c for a bool c.
func truthOfBool(u *Unit, a *ir.Apply) ir.Node {
	if u.kindOf(arg(a, 0)) == kBool {
		return arg(a, 0)
	}
	return nil
}
