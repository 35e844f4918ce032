package opt

import (
	"strings"

	"github.com/myia/myia/ir"
)

// kind is what the rules need to know of a value's type: whether
// x * 1.0 is x depends on x being a float. A node's kind comes from its
// inferred type when it has one (ir.Type is opaque to opt: its printed
// form is read, "Float64", "Int64(3)", "Tuple[...]"...), else from the
// primitive that computes it and its inputs' kinds, from the output of a
// graph it calls, or, for a parameter of a graph only called from known
// sites, from the arguments of those calls.
type kind uint8

const (
	kBottom kind = iota // no value yet: while kinds are being inferred
	kUnknown
	kInt
	kFloat
	kBool
	kNone
	kStr
	kTuple
	kList
	kEnv
	kFunc
	kArray // a numpy array (of any dtype and shape, 0-d included)
	kNum   // a number: an int, a float or a bool, not known which
	// kNumArr is a number or an array, not known which: what arithmetic
	// that succeeded returns when no sequence or string can have been
	// an operand (x - y, x * 0.5, x + 1.0...). Its use is that it is no
	// sequence: is_seq of it is false.
	kNumArr
)

// numeric reports whether k is int, float or bool.
func (k kind) numeric() bool { return k == kInt || k == kFloat || k == kBool }

// scalar reports whether J, zeros_like... see k as a leaf value.
func (k kind) scalar() bool { return k.numeric() || k == kNum || k == kNone || k == kStr }

// number reports whether k is a number, its type known or not.
func (k kind) number() bool { return k.numeric() || k == kNum }

// notArray reports whether a value of kind k is known not to be an
// array: Python's == and < on it give a bool.
func (k kind) notArray() bool {
	return k != kArray && k != kNumArr && k != kUnknown && k != kBottom
}

// numArr reports whether a value of kind k is a number or an array.
func (k kind) numArr() bool { return k.number() || k == kArray || k == kNumArr }

// kindOfType reads a type's printed form.
func kindOfType(t ir.Type) kind {
	s := t.String()
	switch {
	case strings.HasPrefix(s, "Float64"):
		return kFloat
	case strings.HasPrefix(s, "Int64"):
		return kInt
	case strings.HasPrefix(s, "Bool"):
		return kBool
	case s == "None":
		return kNone
	case strings.HasPrefix(s, "Str"):
		return kStr
	case strings.HasPrefix(s, "Tuple"):
		return kTuple
	case strings.HasPrefix(s, "List"):
		return kList
	case strings.HasPrefix(s, "Env"):
		return kEnv
	case strings.HasPrefix(s, "Func"):
		return kFunc
	case strings.HasPrefix(s, "Array"):
		return kArray
	}
	return kUnknown
}

// kindOfValue is the kind of a constant.
func kindOfValue(v any) kind {
	switch v.(type) {
	case int64:
		return kInt
	case float64:
		return kFloat
	case bool:
		return kBool
	case ir.NoneType:
		return kNone
	case string:
		return kStr
	case ir.Prim, *ir.Graph:
		return kFunc
	}
	return kUnknown
}

// join is the least upper bound of two kinds.
func join(a, b kind) kind {
	switch {
	case a == kBottom:
		return b
	case b == kBottom || a == b:
		return a
	case a.number() && b.number():
		return kNum
	case a.numArr() && b.numArr():
		return kNumArr
	}
	return kUnknown
}

// kindInfo holds the kinds of the parameters of the graphs called only
// at known sites, and of the outputs of graphs, found by an optimistic
// fixpoint (loops and recursion): from kBottom, until nothing changes.
type kindInfo struct {
	param map[*ir.Parameter]kind
	out   map[*ir.Graph]kind
	// elem holds the kinds of the elements of outputs that are tuples
	// (make_tuple), for getitem of a call.
	elem  map[elemKey]kind
	final bool // kBottom reads as kUnknown
}

type elemKey struct {
	g *ir.Graph
	i int
}

// ensureKinds infers kinds once a round, and starts a pass's cache.
func (u *Unit) ensureKinds() {
	if u.kinfo == nil || u.kinfoRound != u.round {
		u.inferKinds()
		u.kinfoRound = u.round
	}
	u.resetKinds()
}

// resetKinds empties the cache of kindOf.
func (u *Unit) resetKinds() {
	n := u.M.NumNodes() + u.M.NumNodes()/4
	if cap(u.kinds) >= n {
		u.kinds = u.kinds[:n]
		clear(u.kinds)
		return
	}
	u.kinds = make([]kind, n)
}

// inferKinds computes u.kinfo.
func (u *Unit) inferKinds() {
	an := u.analysis()
	ki := &kindInfo{param: map[*ir.Parameter]kind{}, out: map[*ir.Graph]kind{}, elem: map[elemKey]kind{}}
	knownSites := func(g *ir.Graph) bool {
		if an.escapes[g] {
			return false
		}
		for _, us := range an.uses[g] {
			sites, ok := callSites(u.M, an, us)
			if !ok {
				return false
			}
			for _, a := range sites {
				if len(a.Inputs)-1 != len(g.Params) {
					return false
				}
			}
		}
		return true
	}
	var known []*ir.Graph // graphs called only at known sites
	sources := map[*ir.Graph][]siteSource{}
	for _, g := range an.graphs {
		ki.out[g] = kBottom
		if len(an.uses[g]) == 0 || !knownSites(g) {
			continue
		}
		srcs, ok := u.siteSources(an, g)
		for _, s := range srcs[1:] {
			ok = ok && knownSites(s.g)
		}
		if ok {
			known = append(known, g)
			sources[g] = srcs
			for _, p := range g.Params {
				ki.param[p] = kBottom
			}
		}
	}
	u.kinfo = ki
	u.an = nil // protect reads kinds: analyse again with these
	converged := false
	for iter := 0; iter < 8 && !converged; iter++ {
		u.resetKinds()
		converged = true
		for _, g := range an.graphs {
			if k := join(ki.out[g], u.kindOf(g.Output())); k != ki.out[g] {
				ki.out[g] = k
				converged = false
			}
			if t := applyOf(g.Output(), ir.MakeTuple); t != nil {
				for i := range t.Args() {
					key := elemKey{g, i}
					if k := join(ki.elem[key], u.kindOf(arg(t, i))); k != ki.elem[key] || iter == 0 {
						ki.elem[key] = k
						converged = converged && iter > 0
					}
				}
			}
		}
		for _, g := range known {
			for _, src := range sources[g] {
				for _, us := range an.uses[src.g] {
					sites, _ := callSites(u.M, an, us)
					for _, a := range sites {
						for i, p := range g.Params {
							if src.idx[i] < 0 {
								continue
							}
							if k := join(ki.param[p], u.kindOf(arg(a, src.idx[i]))); k != ki.param[p] {
								ki.param[p] = k
								converged = false
							}
						}
					}
				}
			}
		}
	}
	if !converged {
		ki.param = map[*ir.Parameter]kind{}
		ki.out = map[*ir.Graph]kind{}
		ki.elem = map[elemKey]kind{}
	}
	ki.final = true
	u.resetKinds()
}

// siteSource is a graph whose call sites feed the parameters of
// another: parameter i takes argument idx[i] of its calls (-1: none).
type siteSource struct {
	g   *ir.Graph
	idx []int
}

// siteSources returns g itself and the live graphs that g copies
// (copyOf, through the copies of copies): the passes that made g send
// it their calls later (incorporate's memo answers a call of the
// original with a copy made for another call, privatise hands its copy
// to every caller, specialise and lift to the calls that match), so
// the kinds of g's parameters must hold for those calls too, or a rule
// that relied on them (fix_sens of an int is 0) is wrong once they
// come. ok is false when a source's parameters cannot be mapped.
func (u *Unit) siteSources(an *analysis, g *ir.Graph) (srcs []siteSource, ok bool) {
	idx := make([]int, len(g.Params))
	for i := range idx {
		idx[i] = i
	}
	srcs = []siteSource{{g, idx}}
	for c := g; u.copyOf[c] != nil; {
		a := u.copyOf[c]
		if u.expanded[c] != nil {
			break // a J graph: calls of its primal never become its calls
		}
		next := make([]int, len(idx))
		switch kept, spec := u.specKept[c]; {
		case spec:
			for i, j := range idx {
				next[i] = -1
				if j >= 0 && j < len(kept) {
					next[i] = kept[j]
				}
			}
		case u.lifted[a] == c:
			// Lift appends the free variables as parameters: those
			// take no argument of a's calls.
			for i, j := range idx {
				next[i] = -1
				if j >= 0 && j < len(a.Params) {
					next[i] = j
				}
			}
		case len(a.Params) == len(c.Params):
			copy(next, idx)
		default:
			return srcs, false
		}
		idx, c = next, a
		if an.live[a] && len(an.uses[a]) > 0 {
			srcs = append(srcs, siteSource{a, idx})
		}
	}
	return srcs, true
}

// kindOf returns n's kind, cached for the duration of a pass (u.kinds).
func (u *Unit) kindOf(n ir.Node) kind {
	id := n.ID()
	if id >= len(u.kinds) {
		u.kinds = append(u.kinds, make([]kind, id+1-len(u.kinds)+len(u.kinds)/4)...)
	}
	if k := u.kinds[id]; k != 0 {
		return k - 1
	}
	u.kinds[id] = kUnknown + 1 // cycle guard
	k := u.computeKind(n)
	if k == kBottom && (u.kinfo == nil || u.kinfo.final) {
		k = kUnknown
	}
	u.kinds[id] = k + 1
	return k
}

// assumed reads an assumption of the fixpoint.
func (u *Unit) assumed(k kind, ok bool) kind {
	if !ok {
		return kUnknown
	}
	return k
}

func (u *Unit) computeKind(n ir.Node) kind {
	if t := n.Type(); t != nil {
		if k := kindOfType(t); k != kUnknown {
			return k
		}
	}
	switch n := n.(type) {
	case *ir.Constant:
		return kindOfValue(n.Value)
	case *ir.Parameter:
		if u.kinfo != nil {
			if k, ok := u.kinfo.param[n]; ok {
				return k
			}
		}
		if v := primalOf(u, n); v != nil {
			return sensKind(u.kindOf(v))
		}
		return kUnknown
	case *ir.Apply:
		if len(n.Inputs) == 0 {
			return kUnknown // detached
		}
		if p, ok := applyPrim(n); ok {
			return u.primKind(p, n)
		}
		return u.calleeKind(strip(n.Inputs[0]))
	}
	return kUnknown
}

// elemKind is the kind of element i of what calling f returns, if it
// returns a tuple.
func (u *Unit) elemKind(f ir.Node, i int) kind { return u.elemKindN(f, i, 0) }

// elemKindN is elemKind, following at most 8 graphs whose result is
// the result of a call (a branch's: see incorporateWrap).
func (u *Unit) elemKindN(f ir.Node, i, depth int) kind {
	if u.kinfo == nil || depth > 8 {
		return kUnknown
	}
	if g := ir.GraphOf(f); g != nil {
		k, ok := u.kinfo.elem[elemKey{g, i}]
		if !ok && g.Return() != nil {
			if c, isCall := strip(g.Output()).(*ir.Apply); isCall && c.Graph() == g && len(c.Inputs) > 0 {
				if _, isPrim := applyPrim(c); !isPrim {
					return u.elemKindN(strip(c.Inputs[0]), i, depth+1)
				}
			}
		}
		return u.assumed(k, ok)
	}
	if hs := returnedGraphs(f); hs != nil {
		k := kBottom
		for _, h := range hs {
			k = join(k, u.elemKindN(h, i, depth+1))
		}
		return k
	}
	if s := applyOf(f, ir.Switch); s != nil {
		return join(u.elemKindN(strip(arg(s, 1)), i, depth+1), u.elemKindN(strip(arg(s, 2)), i, depth+1))
	}
	return kUnknown
}

// constValue is the value of constant n, or nil.
func constValue(n ir.Node) any {
	v, _ := constOf(n)
	return v
}

// primalOf returns the value whose sensitivity d is, when d is the
// parameter of a backpropagator that the J transform made, and its
// fprop_ graph returns (v, @bprop): the only use of the bprop graph.
// The sensitivity of a number is a number (or a symbolic zero, which
// is one), and element i of the sensitivity of a tuple that of its
// element i (sensKind); no more is assumed (the sensitivity of a float
// is an int where a custom rule returns one; an array's zero may be a
// number).
func primalOf(u *Unit, d *ir.Parameter) ir.Node {
	g := d.Graph()
	if g == nil || g.Kind != ir.KindBackprop || len(g.Params) != 1 || !strings.HasPrefix(g.Name, "bprop_") {
		return nil
	}
	if v, ok := u.primal[g]; ok {
		return v
	}
	var primal ir.Node
	for _, c := range g.Constants() {
		for _, us := range u.M.Users(c) {
			t := us.User
			if len(t.Inputs) == 0 {
				continue // detached
			}
			if primal != nil || us.Index != 2 || len(t.Inputs) != 3 || !ir.IsApplyOf(t, ir.MakeTuple) || t.Graph().Output() != ir.Node(t) {
				return nil
			}
			primal = arg(t, 0)
		}
	}
	return primal
}

// sensKind is the kind of the sensitivity of a value of kind k.
func sensKind(k kind) kind {
	switch {
	case k == kBottom:
		return kBottom
	case k.number():
		return kNum
	case k == kArray || k == kNumArr:
		return kNumArr // an array's zero may be a number
	}
	return kUnknown
}

// returnedGraphs returns the constants of the graphs that f, a call of
// a known graph, may return: a closure (the backpropagator of a J
// call), whose outputs have that graph's kinds whatever its free
// variables. A graph whose result is a call of a known graph or of a
// switch of known graphs (a branch's, see incorporateWrap) returns
// what those return.
func returnedGraphs(f ir.Node) []ir.Node {
	a, ok := f.(*ir.Apply)
	if !ok {
		return nil
	}
	var out []ir.Node
	var from func(g *ir.Graph, depth int) bool
	from = func(g *ir.Graph, depth int) bool {
		if g == nil || g.Return() == nil || depth > 8 {
			return false
		}
		r := strip(g.Output())
		if ir.GraphOf(r) != nil {
			out = append(out, r)
			return true
		}
		c, ok := r.(*ir.Apply)
		if !ok || c.Graph() != g || len(c.Inputs) == 0 {
			return false
		}
		if s := applyOf(strip(c.Inputs[0]), ir.Switch); s != nil {
			return from(ir.GraphOf(strip(arg(s, 1))), depth+1) && from(ir.GraphOf(strip(arg(s, 2))), depth+1)
		}
		return from(calleeGraph(c), depth+1)
	}
	if !from(calleeGraph(a), 0) {
		return nil
	}
	return out
}

// calleeKind is the kind of what calling f returns.
func (u *Unit) calleeKind(f ir.Node) kind {
	if u.kinfo == nil {
		return kUnknown
	}
	if g := ir.GraphOf(f); g != nil {
		k, ok := u.kinfo.out[g]
		return u.assumed(k, ok)
	}
	if hs := returnedGraphs(f); hs != nil {
		k := kBottom
		for _, h := range hs {
			k = join(k, u.calleeKind(h))
		}
		return k
	}
	if s := applyOf(f, ir.Switch); s != nil {
		return join(u.calleeKind(strip(arg(s, 1))), u.calleeKind(strip(arg(s, 2))))
	}
	return kUnknown
}

// callSites returns the applies that call the function of a callee use
// (through depends and switches).
func callSites(m *ir.Module, an *analysis, us ir.Use) ([]*ir.Apply, bool) {
	a := us.User
	switch {
	case us.Index == 0:
		return []*ir.Apply{a}, true
	case us.Index == 1 && ir.IsApplyOf(a, ir.Depend), us.Index >= 2 && ir.IsApplyOf(a, ir.Switch):
		var out []*ir.Apply
		for _, v := range m.Users(a) {
			if !an.isLive(v.User) {
				continue
			}
			s, ok := callSites(m, an, v)
			if !ok {
				return nil, false
			}
			out = append(out, s...)
		}
		return out, true
	}
	return nil, false
}

// arithKind is the kind of x op y for +, -, *, //, % and gadd of
// numbers: float if either is a float, else int; an array if either is
// an array and the other a number or an array (numpy's broadcasting).
func arithKind(x, y kind) kind {
	switch {
	case x == kArray && (y.number() || y == kArray), y == kArray && x.number():
		return kArray
	case !x.number() || !y.number():
		return kUnknown
	case x == kFloat || y == kFloat:
		return kFloat
	case x == kNum || y == kNum:
		return kNum
	}
	return kInt
}

// numArrOf is the kind of x op y (+, -, *, //, %) when arithKind
// does not know it: a number or an array where the operation would
// fail on a sequence or a string. A sequence or a string may be added
// to its like, multiplied by an int (or a bool, or an int inside a
// kNum or kNumArr) and, a string, formatted by %; - has no other
// meaning, and // none but numbers' and arrays'.
func numArrOf(p ir.Prim, x, y kind) kind {
	switch p {
	case ir.Sub, ir.FloorDiv:
		return kNumArr
	case ir.Add:
		if x.numArr() || y.numArr() {
			return kNumArr
		}
	case ir.Mul:
		if x == kFloat || y == kFloat || x == kArray || y == kArray {
			return kNumArr
		}
	}
	return kUnknown
}

// elementwise is the kind of an elementwise function of xs (numpy's
// math functions, np_where...): an array if one of them is, else
// unknown (numpy gives 0-d arrays or numpy scalars for scalars: never
// assume a Python scalar).
func elementwise(xs ...kind) kind {
	for _, x := range xs {
		if x == kArray {
			return kArray
		}
	}
	return kUnknown
}

func (u *Unit) primKind(p ir.Prim, a *ir.Apply) kind {
	k := func(i int) kind { return u.kindOf(arg(a, i)) }
	if p != ir.Switch {
		for i := range a.Args() {
			if k(i) == kBottom {
				return kBottom
			}
		}
	}
	switch p {
	case ir.Add, ir.Sub, ir.Mul, ir.FloorDiv, ir.Mod:
		if p == ir.Add && k(0) == kTuple && k(1) == kTuple {
			return kTuple
		}
		if r := arithKind(k(0), k(1)); r != kUnknown {
			return r
		}
		return numArrOf(p, k(0), k(1))
	case ir.Pow:
		// An int to a negative int is a float.
		r := arithKind(k(0), k(1))
		if r == kUnknown {
			return kNumArr // ** is defined on numbers and arrays only
		}
		if r == kInt {
			if e, ok := intLike(constValue(arg(a, 1))); !ok || e < 0 {
				return kNum
			}
		}
		return r
	case ir.TrueDiv:
		if k(0).number() && k(1).number() {
			return kFloat
		}
		if r := elementwise(arithKind(k(0), k(1))); r != kUnknown {
			return r
		}
		return kNumArr // / is defined on numbers and arrays only
	case ir.Neg, ir.UPos, ir.Abs:
		switch k(0) {
		case kInt, kBool:
			return kInt
		case kFloat:
			return kFloat
		case kArray, kNum:
			return k(0)
		}
		return kNumArr // defined on numbers and arrays only
	case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
		// Elementwise on arrays: a bool only if neither may be one.
		if k(0).notArray() && k(1).notArray() {
			return kBool
		}
		return elementwise(k(0), k(1))
	case ir.Not, ir.Truth, ir.IsNone, ir.Contains, ir.IsSeq, ir.GradForward:
		return kBool
	case ir.ToInt, ir.Len, ir.NDim:
		return kInt
	case ir.ToFloat, ir.GradSens:
		return kFloat
	case ir.Exp, ir.Log, ir.Sqrt, ir.Sin, ir.Cos, ir.Tan, ir.Tanh,
		ir.NpExp, ir.NpLog, ir.NpSqrt, ir.NpSin, ir.NpCos, ir.NpTan:
		if k(0).number() {
			return kFloat
		}
		return elementwise(k(0))
	case ir.Log1p, ir.Expm1, ir.Maximum, ir.Minimum, ir.Where:
		// Arrays if an operand is; of scalars, 0-d arrays or numpy
		// scalars.
		ks := make([]kind, len(a.Inputs)-1)
		for i := range ks {
			ks[i] = k(i)
		}
		return elementwise(ks...)
	case ir.Reshape, ir.Transpose, ir.BroadcastTo:
		// broadcast_to(x, ()) of a scalar is the scalar.
		return elementwise(k(0))
	case ir.ArrayFrom, ir.Zeros, ir.Ones, ir.Full, ir.Arange, ir.Eye, ir.Outer, ir.Concatenate, ir.Stack:
		return kArray
	case ir.Shape, ir.SplitLike:
		return kTuple
	case ir.SumToLike:
		// d itself when both are scalars; x's shape otherwise.
		switch d, x := k(0), k(1); {
		case d.number() && x.number():
			return d
		case x == kArray:
			return kArray
		}
	case ir.ReduceSum, ir.ReduceMean, ir.ReduceMax, ir.ReduceMin, ir.ReduceProd:
		// To no axis: a scalar of the array's dtype (read from its type).
		if dt, _, ok := arrayType(arg(a, 0)); ok && dt == "Float64" && isNone(arg(a, 1)) && isConst(arg(a, 2), false) {
			return kFloat
		}
		return kNumArr // a number (numpy's scalar) or an array
	case ir.MatDot:
		return kNumArr // np_dot of vectors gives a scalar
	case ir.MakeSlice:
	case ir.ScalarMin, ir.ScalarMax:
		switch x, y := k(0), k(1); {
		case x == y && x.number():
			return x
		case x.number() && y.number() && (x == kFloat || y == kFloat):
			return kFloat
		case x.number() && y.number():
			return kNum
		}
	case ir.MakeTuple:
		return kTuple
	case ir.MakeList:
		return kList
	case ir.GetItem:
		i, ok := intConst(arg(a, 1))
		if !ok || i < 0 {
			break
		}
		if t := applyOf(arg(a, 0), ir.MakeTuple); t != nil {
			if int(i) < len(t.Inputs)-1 {
				return u.kindOf(arg(t, int(i)))
			}
		} else if d, ok := arg(a, 0).(*ir.Parameter); ok && primalOf(u, d) != nil {
			// Element i of a tuple's sensitivity.
			if t := applyOf(primalOf(u, d), ir.MakeTuple); t != nil && int(i) < len(t.Inputs)-1 {
				return sensKind(u.kindOf(arg(t, int(i))))
			}
		} else if c, ok := arg(a, 0).(*ir.Apply); ok && len(c.Inputs) > 0 {
			if _, isPrim := applyPrim(c); !isPrim {
				return u.elemKind(strip(c.Inputs[0]), int(i))
			}
		}
	case ir.ZerosLike, ir.OnesLike:
		switch x := k(0); {
		case x.numArr() || x == kTuple || x == kList:
			return x
		case p == ir.ZerosLike && (x == kFunc || x == kEnv):
			return kEnv
		}
	case ir.Gadd:
		switch x, y := k(0), k(1); {
		case x == kBool && y == kBool:
			return kBool
		case x.number() && y.number():
			return arithKind(x, y)
		case x.numArr() && y.numArr():
			return kNumArr
		case x == y && (x == kEnv || x == kTuple || x == kList || x == kArray):
			return x
		}
	case ir.NewEnv, ir.EnvSetItem:
		return kEnv
	case ir.EnvGetItem:
		// A sensitivity has the kind of the value it is the sensitivity
		// of, which is the kind of the default, its zero.
		if d := k(2); d.numArr() {
			return d
		}
	case ir.FixSens:
		if x := k(0); x.numArr() || x == kTuple || x == kList {
			return x
		}
	case ir.StopGradient, ir.Depend:
		return k(0)
	case ir.NotNone:
		if x := k(0); x != kNone {
			return x
		}
	case ir.Check:
		return k(2)
	case ir.CheckSens:
		return k(1)
	case ir.Unpack:
		if x := k(0); x == kTuple || x == kList || x == kArray {
			return x
		}
	case ir.AttrCheck:
		return kArray // or an error: never a number's rules
	case ir.MatmulCheck:
		if x := k(0); !x.number() {
			return x
		}
	case ir.J, ir.JF:
		if x := k(0); x.scalar() || x == kFunc {
			return x
		}
	case ir.Switch:
		return join(k(1), k(2))
	case ir.Print, ir.Assert:
		return kNone
	case ir.TupleSetItem:
		if x := k(0); x == kTuple || x == kList || x == kArray {
			return x
		}
	case ir.MakeRange, ir.Slice:
	}
	return kUnknown
}
