package opt

import (
	"fmt"

	"github.com/myia/myia/ir"
)

// A rule rewrites one application of the primitive it is listed under:
// it returns the node that replaces a (an existing node visible where a
// is, or one it made in a's graph), or nil if it does not apply. A rule
// never makes the IR bigger: it makes at most as many nodes as the
// rewrite leaves dead, and it gives them types from a's and its inputs'
// types (none if those are absent).
type rule func(u *Unit, a *ir.Apply) ir.Node

// ruleTable lists the rules of each primitive.
type ruleTable [ir.NumPrims][]rule

// add lists r under each primitive of ps.
func (t *ruleTable) add(r rule, ps ...ir.Prim) {
	for _, p := range ps {
		t[p] = append(t[p], r)
	}
}

// rewrite applies the rules of t to the live applies of u until none
// applies: the fixpoint driver of every rule pass. It visits applies
// inputs first, and again the users of what it replaced.
func rewrite(u *Unit, t *ruleTable) bool {
	u.ensureKinds()
	u.zeros = map[zeroKey]*ir.Apply{}
	an := u.analysis()
	if len(t[ir.EnvGetItem]) > 0 {
		u.intKeys = intKeys(u)
	}
	var work []*ir.Apply
	queued := map[*ir.Apply]bool{}
	for _, g := range an.graphs {
		for _, a := range an.nodes[g] {
			if p, ok := applyPrim(a); ok && len(t[p]) > 0 {
				work = append(work, a)
				queued[a] = true
			}
		}
	}
	changed := false
	for i := 0; i < len(work); i++ {
		a := work[i]
		delete(queued, a)
		if len(a.Inputs) == 0 || len(u.M.Users(a)) == 0 || an.isProtected(a) {
			continue // dead, or its identity matters
		}
		p, _ := applyPrim(a)
		for _, r := range t[p] {
			n := r(u, a)
			if n == nil || n == ir.Node(a) {
				continue
			}
			if u.typed && !sameKind(a, n) {
				// A rule misread a type (a bug): the tests, which
				// verify, say which; a user's program keeps a.
				if u.verify {
					panic(fmt.Sprintf("a rule of %s gave a %s for a %s", p, n.Type(), a.Type()))
				}
				continue
			}
			users := append([]ir.Use(nil), u.M.Users(a)...)
			u.M.Replace(a, n)
			changed = true
			if b, ok := n.(*ir.Apply); ok && !queued[b] {
				if q, ok := applyPrim(b); ok && len(t[q]) > 0 {
					work = append(work, b)
					queued[b] = true
				}
			}
			for _, us := range users {
				b := us.User
				if q, ok := applyPrim(b); ok && len(t[q]) > 0 && !queued[b] {
					work = append(work, b)
					queued[b] = true
				}
			}
			break
		}
	}
	return changed
}

// sameKind reports whether n, which is to replace a in a typed unit, is
// of a's kind: in typed graphs a value of another kind is a type error
// the native backends would refuse.
func sameKind(a *ir.Apply, n ir.Node) bool {
	ta, tn := a.Type(), n.Type()
	return ta == nil || tn == nil || kindOfType(ta) == kindOfType(tn)
}

// Helpers for rules.

// arg returns argument i of a (Inputs[i+1]).
func arg(a *ir.Apply, i int) ir.Node { return a.Inputs[i+1] }

// applyOf returns n as an application of p, or nil.
func applyOf(n ir.Node, p ir.Prim) *ir.Apply {
	if ir.IsApplyOf(n, p) {
		return n.(*ir.Apply)
	}
	return nil
}

// constOf returns the value of constant n.
func constOf(n ir.Node) (any, bool) {
	c, ok := n.(*ir.Constant)
	if !ok {
		return nil, false
	}
	return c.Value, true
}

// intConst returns the value of an int constant.
func intConst(n ir.Node) (int64, bool) {
	v, ok := constOf(n)
	if !ok {
		return 0, false
	}
	i, ok := v.(int64)
	return i, ok
}

// isNum reports whether n is the number constant x: an int equal to x
// (with want "int"), a float equal to x ("float"), or either ("").
func isNum(n ir.Node, x float64, want string) bool {
	v, ok := constOf(n)
	if !ok {
		return false
	}
	switch v := v.(type) {
	case int64:
		return want != "float" && float64(v) == x
	case float64:
		return want != "int" && v == x && !(x == 0 && isNegZero(v))
	}
	return false
}

func isNegZero(f float64) bool { return f == 0 && 1/f < 0 }

// sameNode reports whether two inputs are the same value: the same node,
// or equal constants of the same Go type (0.0 and -0.0 differ).
func sameNode(a, b ir.Node) bool {
	if a == b {
		return true
	}
	x, ok1 := constOf(a)
	y, ok2 := constOf(b)
	if !ok1 || !ok2 {
		return false
	}
	if f, ok := x.(float64); ok {
		g, ok := y.(float64)
		return ok && (f == g && isNegZero(f) == isNegZero(g) || f != f && g != g)
	}
	return x == y
}
