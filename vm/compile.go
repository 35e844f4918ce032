package vm

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/myia/myia/ir"
)

// Compiling a graph g produces one code: g's body, and the bodies of the
// graphs contified into it, laid out as one instruction sequence over
// one frame.
//
// Contification. A graph h nested in g is contified when it is used only
// as a callee (directly, or as an arm of a switch whose result is only
// called) with the right number of arguments, and always with the same
// continuation: every call is a tail call of a graph whose continuation
// is the frame's return, or every call is the one same non-tail call
// site. Its parameters become slots of the frame, a call becomes moves
// and a jump, and its return becomes the frame's return, or a move into
// the call site's slot and a jump back. The analysis is an optimistic
// fixpoint, so a loop header and its body (which call each other) are
// contified together: a whole function with loops and branches runs in
// one frame, with jumps and no allocation. A tail call of g to itself is
// a jump too. Other graphs are compiled separately and called.
//
// Graphs are laid out at their first call site, so the code of a branch
// follows the branch instruction.

// contKind is a point of the continuation lattice: bottom (no call seen
// yet), the frame's return, one non-tail call site, or top (several, or a
// use that is not a call).
type contKind uint8

const (
	contBottom contKind = iota
	contRet
	contSite
	contTop
)

type contVal struct {
	kind contKind
	site *ir.Apply
}

func join(a, b contVal) contVal {
	switch {
	case a.kind == contBottom:
		return b
	case b.kind == contBottom || a == b:
		return a
	}
	return contVal{kind: contTop}
}

// cont is where a value computed by emitted code goes: the frame's
// return, or a slot followed by a jump to a label (noLabel: fall
// through).
type cont struct {
	ret  bool
	dst  int32
	next int
}

const noLabel = -1

// constKey identifies a constant value for sharing its slot; floats are
// keyed by their bits so that 0.0 and -0.0 stay apart.
type constKey struct {
	v    any
	bits uint64
}

type compiler struct {
	vm   *VM
	m    *ir.Module
	an   *analysis
	root *ir.Graph
	c    *code

	cont    map[*ir.Graph]contVal // root and the contified graphs
	tails   map[*ir.Graph]*ir.Apply
	slots   map[ir.Node]int32
	nslots  int32 // parameters, free variables and node slots
	consts  map[constKey]int32
	kvals   map[constKey]int32
	targets map[*ir.Graph]int32
	labels  []int32 // label -> pc; -1 while unbound
	entry   map[*ir.Graph]int
	laidOut map[*ir.Graph]bool
	after   map[*ir.Apply]int
	tmp     int32 // scratch slot for cyclic parallel moves, or -1

	// Multiple results (multi.go): how many the root returns in slots
	// (0: one value); the make_tuples returned in slots (true: not
	// built at all); the unpacked calls' destination slots, and the
	// getitems that read them.
	multi       int
	retTuple    map[*ir.Apply]bool
	unpacked    map[*ir.Apply][]int32
	unpackedGet map[*ir.Apply]bool
}

// compile compiles g. A compiler bug panics; it is recovered here.
func (vm *VM) compile(g *ir.Graph) (c *code, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.Errorf(g.Pos, "internal error (a bug in the vm) compiling %s: %v", g.Name, r)
		}
	}()
	cp := &compiler{
		vm: vm, m: vm.m, an: vm.an, root: g,
		cont: map[*ir.Graph]contVal{g: {kind: contRet}}, tails: map[*ir.Graph]*ir.Apply{},
		slots: map[ir.Node]int32{}, consts: map[constKey]int32{}, kvals: map[constKey]int32{}, targets: map[*ir.Graph]int32{},
		entry: map[*ir.Graph]int{}, laidOut: map[*ir.Graph]bool{}, after: map[*ir.Apply]int{}, tmp: -1,
		retTuple: map[*ir.Apply]bool{}, unpacked: map[*ir.Apply][]int32{}, unpackedGet: map[*ir.Apply]bool{},
	}
	c = &code{g: g, name: funcName(g), nparams: len(g.Params)}
	cp.c = c
	for _, p := range g.Params {
		cp.slots[p] = cp.nslots
		cp.nslots++
		c.params = append(c.params, p.Name)
	}
	fvs := vm.an.fv(g)
	c.nfv = len(fvs)
	for _, v := range fvs {
		cp.slots[v] = cp.nslots
		cp.nslots++
	}
	for _, d := range g.Defaults {
		if v, ok := cp.defaultValue(d); ok {
			c.defaults = append(c.defaults, v)
			c.defaultFV = append(c.defaultFV, -1)
			continue
		}
		k := -1
		for i, v := range fvs {
			if v == d {
				k = i
			}
		}
		if k < 0 {
			return nil, ir.Errorf(d.Pos(), "vm: the default value of a parameter of %s is not captured", c.name)
		}
		c.defaults = append(c.defaults, None)
		c.defaultFV = append(c.defaultFV, k)
	}
	cp.contify()
	cp.multi = vm.multiOf(vm.function(g))
	frame := []*ir.Graph{g}
	for h := range cp.cont {
		if cp.contified(h) {
			frame = append(frame, h)
		}
	}
	sort.Slice(frame[1:], func(i, j int) bool { return frame[1+i].ID() < frame[1+j].ID() })
	cp.planResults(frame)
	cp.entry[g] = cp.newLabel()
	cp.bind(cp.entry[g])
	cp.emitGraph(g)
	cp.finish()
	if err := c.check(); err != nil {
		panic(err)
	}
	return c, nil
}

// funcName is the name of the function g belongs to, for tracebacks: the
// nearest enclosing def or lambda.
func funcName(g *ir.Graph) string {
	for h := g; h != nil; h = h.Parent {
		if h.Kind == ir.KindFunction || h.Kind == ir.KindLambda || h.Kind == ir.KindStdlib {
			return unspecialised(h)
		}
	}
	return g.Name
}

// unspecialised is the name of the function g is inference's typed
// clone of, which inference names f[Int64, Float64]: tracebacks name
// the user's function, whichever graphs the VM runs.
func unspecialised(g *ir.Graph) string {
	name := g.Name
	if g.Return() == nil || g.Return().Type() == nil || !strings.HasSuffix(name, "]") {
		return name
	}
	depth := 0
	for i := len(name) - 1; i >= 0; i-- {
		switch name[i] {
		case ']':
			depth++
		case '[':
			depth--
			if depth == 0 {
				return name[:i]
			}
		}
	}
	return name
}

func (cp *compiler) defaultValue(d ir.Node) (Value, bool) {
	k, ok := d.(*ir.Constant)
	if !ok {
		return None, false
	}
	if h, ok := k.Value.(*ir.Graph); ok {
		if h.Parent != nil {
			return None, false
		}
		return cp.vm.function(h).value(), true
	}
	return constValue(k.Value)
}

// contify decides which graphs nested in the root are compiled into its
// frame, and with which continuation.
func (cp *compiler) contify() {
	m, root := cp.m, cp.root
	cp.tails[root] = tailCall(m, root)
	if cp.vm.noContify {
		return
	}
	// Candidates: graphs nested in root that its family references.
	var cands []*ir.Graph
	seen := map[*ir.Graph]bool{root: true}
	for i := -1; i < len(cands); i++ {
		g := root
		if i >= 0 {
			g = cands[i]
		}
		for _, a := range cp.an.schedule(g) {
			for _, in := range a.Inputs {
				if h := ir.GraphOf(in); h != nil && !seen[h] && root.IsAncestorOf(h) {
					seen[h] = true
					cands = append(cands, h)
				}
			}
		}
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].ID() < cands[j].ID() })
	sites := map[*ir.Graph][]*ir.Apply{}
	bad := map[*ir.Graph]bool{}
	for _, h := range cands {
		cp.tails[h] = tailCall(m, h)
		s, ok := cp.sitesOf(h)
		sites[h], bad[h] = s, !ok
	}
	cont := map[*ir.Graph]contVal{root: {kind: contRet}}
	for changed := true; changed; {
		changed = false
		for _, h := range cands {
			v := contVal{}
			if bad[h] {
				v.kind = contTop
			}
			for _, a := range sites[h] {
				p := a.Graph()
				cpv, known := cont[p]
				switch {
				case len(a.Args()) != len(h.Params):
					v = contVal{kind: contTop}
				case !known || cpv.kind == contBottom:
				case cpv.kind == contTop:
					v = contVal{kind: contTop}
				case a == cp.tails[p]:
					v = join(v, cpv)
				default:
					v = join(v, contVal{kind: contSite, site: a})
				}
			}
			if v != cont[h] {
				cont[h] = v
				changed = true
			}
		}
	}
	for _, h := range cands {
		if k := cont[h].kind; k == contRet || k == contSite {
			cp.cont[h] = cont[h]
		}
	}
}

// sitesOf returns the applications that call h; ok is false if h is also
// used otherwise (as a value).
func (cp *compiler) sitesOf(h *ir.Graph) (sites []*ir.Apply, ok bool) {
	for _, k := range h.Constants() {
		for _, u := range cp.m.Users(k) {
			if !cp.an.isLive(u.User) {
				continue
			}
			switch {
			case u.Index == 0:
				sites = append(sites, u.User)
			case u.Index == 1 && ir.IsApplyOf(u.User, ir.Depend),
				u.Index >= 2 && isPrimApply(u.User, ir.Switch):
				more, ok := cp.an.callSites(cp.m, u.User)
				if !ok {
					return nil, false
				}
				sites = append(sites, more...)
			default:
				return nil, false
			}
		}
	}
	return sites, true
}

func (cp *compiler) contified(h *ir.Graph) bool {
	_, ok := cp.cont[h]
	return ok && h != cp.root
}

// contOf translates a graph's continuation for emission.
func (cp *compiler) contOf(h *ir.Graph) cont {
	v := cp.cont[h]
	if v.kind == contRet {
		return cont{ret: true, next: noLabel}
	}
	return cont{dst: cp.slot(v.site), next: cp.afterLabel(v.site)}
}

// isPrimApply reports whether n applies primitive p (its callee possibly
// wrapped in depends).
func isPrimApply(n ir.Node, p ir.Prim) bool {
	a, ok := n.(*ir.Apply)
	if !ok || len(a.Inputs) == 0 {
		return false
	}
	q, ok := primOf(a.Inputs[0])
	return ok && q == p
}

// slot returns the slot of a parameter or apply, allocating it on first
// use. A node of a graph outside the frame must be a free variable of
// the root, whose slot is fixed.
func (cp *compiler) slot(n ir.Node) int32 {
	n = strip(n)
	if s, ok := cp.slots[n]; ok {
		return s
	}
	if _, ok := n.(*ir.Constant); ok {
		panic(fmt.Sprintf("slot of constant %v", n.(*ir.Constant).Value))
	}
	if _, ok := cp.cont[n.Graph()]; !ok {
		panic(fmt.Sprintf("node %%%d of graph %s is not available in %s", n.ID(), n.Graph().Name, cp.root.Name))
	}
	s := cp.newSlot()
	cp.slots[n] = s
	return s
}

func (cp *compiler) newSlot() int32 {
	s := cp.nslots
	cp.nslots++
	return s
}

// operand returns the slot holding n's value, emitting the making of a
// closure if n is a nested graph.
func (cp *compiler) operand(n ir.Node) int32 {
	n = strip(n)
	k, ok := n.(*ir.Constant)
	if !ok {
		return cp.slot(n)
	}
	var v Value
	key := constKey{v: k.Value}
	switch x := k.Value.(type) {
	case *ir.Graph:
		// A closure without free variables is a constant: it is made
		// once, not each time the frame reaches it.
		if x.Parent != nil && len(cp.an.fv(x)) > 0 {
			s := cp.newSlot()
			cp.emit(opClosure, s, cp.target(x), 0, 0, k.Pos())
			return s
		}
		v = cp.vm.function(x).value()
	case float64:
		key = constKey{v: "float", bits: math.Float64bits(x)}
		v = Float(x)
	default:
		v, ok = constValue(x)
		if !ok {
			panic(fmt.Sprintf("bad constant %v", x))
		}
	}
	if s, ok := cp.consts[key]; ok {
		return s
	}
	// Constant slots are numbered -1, -2... until finish places them.
	s := int32(-1 - len(cp.c.consts))
	cp.c.consts = append(cp.c.consts, v)
	cp.consts[key] = s
	return s
}

// kOperand returns the index of n in the code's K constants if n is a
// constant other than a graph.
func (cp *compiler) kOperand(n ir.Node) (int32, bool) {
	k, ok := strip(n).(*ir.Constant)
	if !ok {
		return 0, false
	}
	key := constKey{v: k.Value}
	var v Value
	switch x := k.Value.(type) {
	case *ir.Graph:
		return 0, false
	case float64:
		key = constKey{v: "float", bits: math.Float64bits(x)}
		v = Float(x)
	default:
		if v, ok = constValue(x); !ok {
			return 0, false
		}
	}
	if i, ok := cp.kvals[key]; ok {
		return i, true
	}
	i := int32(len(cp.c.kvals))
	cp.c.kvals = append(cp.c.kvals, v)
	cp.kvals[key] = i
	return i, true
}

func (cp *compiler) operands(ns []ir.Node) []int32 {
	out := make([]int32, len(ns))
	for i, n := range ns {
		out[i] = cp.operand(n)
	}
	return out
}

// argList stores slots in the code's argument table and returns where.
func (cp *compiler) argList(slots []int32) (start, n int32) {
	start = int32(len(cp.c.args))
	cp.c.args = append(cp.c.args, slots...)
	return start, int32(len(slots))
}

// target returns the index of h in the code's targets: a graph called or
// closed over, with the slots of its free variables.
func (cp *compiler) target(h *ir.Graph) int32 {
	if i, ok := cp.targets[h]; ok {
		return i
	}
	t := &target{fn: cp.vm.function(h)}
	for _, v := range cp.an.fv(h) {
		t.fvs = append(t.fvs, cp.slot(v))
	}
	i := int32(len(cp.c.targets))
	cp.c.targets = append(cp.c.targets, t)
	cp.targets[h] = i
	return i
}

func (cp *compiler) emit(op opcode, a, b, c, d int32, pos ir.Pos) {
	cp.c.instrs = append(cp.c.instrs, instr{op, a, b, c, d})
	cp.c.pos = append(cp.c.pos, pos)
}

func (cp *compiler) newLabel() int {
	cp.labels = append(cp.labels, -1)
	return len(cp.labels) - 1
}

func (cp *compiler) bind(l int) {
	if l != noLabel {
		cp.labels[l] = int32(len(cp.c.instrs))
	}
}

func (cp *compiler) jump(l int, pos ir.Pos) {
	if l != noLabel {
		cp.emit(opJmp, int32(l), 0, 0, 0, pos)
	}
}

func (cp *compiler) afterLabel(a *ir.Apply) int {
	if l, ok := cp.after[a]; ok {
		return l
	}
	l := cp.newLabel()
	cp.after[a] = l
	return l
}

// moves emits the parallel assignment dsts[i] = srcs[i], through a
// scratch slot where the moves form a cycle.
func (cp *compiler) moves(dsts, srcs []int32, pos ir.Pos) {
	type mv struct{ dst, src int32 }
	var todo []mv
	for i := range dsts {
		if dsts[i] != srcs[i] {
			todo = append(todo, mv{dsts[i], srcs[i]})
		}
	}
	for len(todo) > 0 {
		progress := false
		for i := 0; i < len(todo); i++ {
			blocked := false
			for j, o := range todo {
				if j != i && o.src == todo[i].dst {
					blocked = true
					break
				}
			}
			if !blocked {
				cp.emit(opMov, todo[i].dst, todo[i].src, 0, 0, pos)
				todo = append(todo[:i], todo[i+1:]...)
				i--
				progress = true
			}
		}
		if !progress {
			// Every pending destination is read by another move: save
			// one in the scratch slot and read it from there.
			if cp.tmp < 0 {
				cp.tmp = cp.newSlot()
			}
			d := todo[0].dst
			cp.emit(opMov, cp.tmp, d, 0, 0, pos)
			for j := range todo {
				if todo[j].src == d {
					todo[j].src = cp.tmp
				}
			}
		}
	}
}
