package vm

import (
	"github.com/myia/myia/ir"
)

// Multiple results. A graph that returns a tuple it builds, to callers
// that take the tuple apart, returns its elements in slots instead: it
// ends with retn (the elements), and a call of it is callm, whose
// destination list names the caller's slots that receive them. The
// getitems of the call's result are those slots, and the tuple is never
// made. A forward pass that returns (value, backpropagator) to its
// caller, once per call of a recursion, allocates nothing for it.
//
//	code fprop_fib: ...                     (before: r3 = tuple(r0, r2); ret r3)
//	   1  retn r0, r2
//	   ...
//	   4  r5, r6 = callm @fprop_fib(r0, r4)  (before: r5 = callg ...; r6 = getitemk r5, 0)
//
// The choice is made per graph (multiOf) from its returns alone; the
// frame a call pushes says how its caller wants the result (frame.nret:
// 0 for one value, else the length of the destination list), so a retn
// to a caller that wants a tuple (a call of a function value, a tail
// call from a graph that returns one value, the entry) builds it, and a
// ret to a callm takes the tuple apart: a mismatch costs time, never
// correctness.

// multiOf is the number of results fn returns in slots, or 0 (one
// value). A graph returns in slots when every value it returns is a
// make_tuple of the same length, at least 2, following its tail calls
// into the graphs they call (known graphs, or the arms of a switch),
// which then return in slots too.
func (vm *VM) multiOf(fn *function) int {
	if fn.multi == 0 {
		n := vm.returnArity(fn.g, map[*ir.Graph]bool{})
		if n < 2 {
			n = -1
		}
		fn.multi = n
	}
	return max(fn.multi, 0)
}

// returnArity is the length of the tuples g returns (through its tail
// calls), or -1 if it may return another value. visiting holds the
// graphs being looked at: a tail call back to one of them adds nothing
// (0).
func (vm *VM) returnArity(g *ir.Graph, visiting map[*ir.Graph]bool) int {
	if visiting[g] {
		return 0
	}
	if fn, ok := vm.funcs[g]; ok && fn.multi != 0 {
		return max(fn.multi, -1)
	}
	if g.Output() == nil || len(g.Defaults) > 0 {
		return -1
	}
	visiting[g] = true
	defer delete(visiting, g)
	if t := tailCall(vm.m, g); t != nil {
		n := 0
		for _, h := range staticCallees(vm.m, vm.an, t) {
			if h == nil {
				return -1
			}
			k := vm.returnArity(h, visiting)
			switch {
			case k < 0, k > 0 && n > 0 && k != n:
				return -1
			case k > 0:
				n = k
			}
		}
		return n
	}
	out, ok := strip(g.Output()).(*ir.Apply)
	if !ok || !ir.IsApplyOf(out, ir.MakeTuple) {
		return -1
	}
	return len(out.Inputs) - 1
}

// staticCallees are the graphs the call a may call: its callee's graph,
// or the two of a switch whose arms are graphs and whose result is only
// called; a nil element is a callee that is not a known graph.
func staticCallees(m *ir.Module, an *analysis, a *ir.Apply) []*ir.Graph {
	f := strip(a.Inputs[0])
	if h := ir.GraphOf(f); h != nil {
		return []*ir.Graph{h}
	}
	if isPrimApply(f, ir.Switch) && an.callOnlySwitch(m, f) {
		s := f.(*ir.Apply)
		return []*ir.Graph{ir.GraphOf(strip(s.Inputs[2])), ir.GraphOf(strip(s.Inputs[3]))}
	}
	return []*ir.Graph{nil}
}

// planResults decides, before emission, which make_tuples the frame
// returns in slots (not built) and which calls of graphs returning in
// slots are unpacked: every live use of the call is a getitem of a
// constant index in its own graph (whose slot is then a destination of
// the callm) or the ordering in depend(x, call).
func (cp *compiler) planResults(graphs []*ir.Graph) {
	for _, h := range graphs {
		if cp.multi > 0 && (h == cp.root || cp.cont[h].kind == contRet) && cp.tails[h] == nil {
			if out, ok := strip(h.Output()).(*ir.Apply); ok && ir.IsApplyOf(out, ir.MakeTuple) && len(out.Inputs)-1 == cp.multi {
				only := onlyReturned(cp.m, cp.an, out, h)
				cp.retTuple[out] = only
			}
		}
		for _, a := range cp.an.schedule(h) {
			if isCall(a) && a != cp.tails[h] {
				cp.planUnpack(a)
			}
		}
	}
}

// onlyReturned reports whether h returns n and nothing else uses it:
// its live users are h's return and depends (as their value) that are
// only returned.
func onlyReturned(m *ir.Module, an *analysis, n ir.Node, h *ir.Graph) bool {
	for _, u := range m.Users(n) {
		switch {
		case !an.isLive(u.User), u.User == h.Return():
		case u.Index == 1 && ir.IsApplyOf(u.User, ir.Depend) && u.User.Graph() == h && onlyReturned(m, an, u.User, h):
		default:
			return false
		}
	}
	return true
}

// planUnpack gives the getitems of the call a the slots its callm
// writes, if a is unpacked: directly or through unpack(a, n), the check
// of a, b = f(x), which holds as f returns n values in slots.
func (cp *compiler) planUnpack(a *ir.Apply) {
	n := 0
	for _, h := range staticCallees(cp.m, cp.an, a) {
		if h == nil || cp.contified(h) {
			return
		}
		k := cp.vm.multiOf(cp.vm.function(h))
		if k == 0 || n > 0 && k != n {
			return
		}
		n = k
	}
	var gets, checks []*ir.Apply
	var take func(x *ir.Apply, unpack bool) bool
	take = func(x *ir.Apply, unpack bool) bool {
		for _, u := range cp.m.Users(x) {
			if !cp.an.isLive(u.User) {
				continue
			}
			switch {
			case u.User.Graph() != a.Graph():
				return false
			case u.Index == 2 && ir.IsApplyOf(u.User, ir.Depend):
			case u.Index == 1 && ir.IsApplyOf(u.User, ir.GetItem) && len(u.User.Inputs) == 3:
				i, ok := intConst(u.User.Inputs[2])
				if !ok || i < -int64(n) || i >= int64(n) {
					return false
				}
				gets = append(gets, u.User)
			case !unpack && u.Index == 1 && ir.IsApplyOf(u.User, ir.Unpack):
				// a, b = f(x): the check holds, as the callee
				// returns n values.
				if k, ok := intConst(u.User.Inputs[2]); !ok || k != int64(n) || !take(u.User, true) {
					return false
				}
				checks = append(checks, u.User)
			default:
				return false
			}
		}
		return true
	}
	if !take(a, false) {
		return
	}
	for _, c := range checks {
		cp.unpackedGet[c] = true // never read: its getitems are slots
	}
	dsts := make([]int32, n)
	for i := range dsts {
		dsts[i] = cp.newSlot()
	}
	for _, g := range gets {
		i, _ := intConst(g.Inputs[2])
		if i < 0 {
			i += int64(n)
		}
		cp.slots[g] = dsts[i]
		cp.unpackedGet[g] = true
	}
	cp.unpacked[a] = dsts
}

// intConst is the value of an int constant.
func intConst(n ir.Node) (int64, bool) {
	k, ok := strip(n).(*ir.Constant)
	if !ok {
		return 0, false
	}
	i, ok := k.Value.(int64)
	return i, ok
}

// retTupleArgs returns the operands of the make_tuple out if the frame
// returns it in slots.
func (cp *compiler) retTupleArgs(out ir.Node) ([]ir.Node, bool) {
	a, ok := strip(out).(*ir.Apply)
	if !ok {
		return nil, false
	}
	if _, planned := cp.retTuple[a]; !planned {
		return nil, false
	}
	return a.Args(), true
}
