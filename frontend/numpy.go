package frontend

import (
	"math"
	"strings"

	"github.com/myia/myia/ir"
)

// npFunc describes how a numpy function lowers to a primitive: its
// Python parameters in order (as numpy names them), the defaults of the
// optional ones, and which parameter is an axis (an int there becomes a
// one-element tuple: the primitives take None or a tuple).
type npFunc struct {
	prim     ir.Prim
	params   []string
	defaults map[string]any // ir.None, false, int64(0)...
	axis     string
}

// noAxis marks a function without an axis parameter.
const noAxis = ""

var (
	reduceParams   = []string{"a", "axis", "keepdims"}
	reduceDefaults = map[string]any{"axis": ir.None, "keepdims": false}
)

// npFuncs are the numpy functions of LANGUAGE.md, by their name in numpy.
var npFuncs = map[string]npFunc{
	"array":        {ir.ArrayFrom, []string{"object"}, nil, noAxis},
	"zeros":        {ir.Zeros, []string{"shape"}, nil, noAxis},
	"ones":         {ir.Ones, []string{"shape"}, nil, noAxis},
	"full":         {ir.Full, []string{"shape", "fill_value"}, nil, noAxis},
	"eye":          {ir.Eye, []string{"N", "M", "k"}, map[string]any{"M": ir.None, "k": int64(0)}, noAxis},
	"zeros_like":   {ir.ZerosLike, []string{"a"}, nil, noAxis},
	"ones_like":    {ir.OnesLike, []string{"a"}, nil, noAxis},
	"exp":          {ir.NpExp, []string{"x"}, nil, noAxis},
	"log":          {ir.NpLog, []string{"x"}, nil, noAxis},
	"sqrt":         {ir.NpSqrt, []string{"x"}, nil, noAxis},
	"sin":          {ir.NpSin, []string{"x"}, nil, noAxis},
	"cos":          {ir.NpCos, []string{"x"}, nil, noAxis},
	"tan":          {ir.NpTan, []string{"x"}, nil, noAxis},
	"tanh":         {ir.Tanh, []string{"x"}, nil, noAxis},
	"abs":          {ir.Abs, []string{"x"}, nil, noAxis},
	"absolute":     {ir.Abs, []string{"x"}, nil, noAxis},
	"log1p":        {ir.Log1p, []string{"x"}, nil, noAxis},
	"expm1":        {ir.Expm1, []string{"x"}, nil, noAxis},
	"maximum":      {ir.Maximum, []string{"x1", "x2"}, nil, noAxis},
	"minimum":      {ir.Minimum, []string{"x1", "x2"}, nil, noAxis},
	"where":        {ir.Where, []string{"condition", "x", "y"}, nil, noAxis},
	"dot":          {ir.MatDot, []string{"a", "b"}, nil, noAxis},
	"matmul":       {ir.MatDot, []string{"x1", "x2"}, nil, noAxis},
	"outer":        {ir.Outer, []string{"a", "b"}, nil, noAxis},
	"sum":          {ir.ReduceSum, reduceParams, reduceDefaults, "axis"},
	"mean":         {ir.ReduceMean, reduceParams, reduceDefaults, "axis"},
	"max":          {ir.ReduceMax, reduceParams, reduceDefaults, "axis"},
	"amax":         {ir.ReduceMax, reduceParams, reduceDefaults, "axis"},
	"min":          {ir.ReduceMin, reduceParams, reduceDefaults, "axis"},
	"amin":         {ir.ReduceMin, reduceParams, reduceDefaults, "axis"},
	"prod":         {ir.ReduceProd, reduceParams, reduceDefaults, "axis"},
	"reshape":      {ir.Reshape, []string{"a", "shape"}, nil, noAxis},
	"transpose":    {ir.Transpose, []string{"a", "axes"}, map[string]any{"axes": ir.None}, noAxis},
	"concatenate":  {ir.Concatenate, []string{"arrays", "axis"}, map[string]any{"axis": int64(0)}, noAxis},
	"stack":        {ir.Stack, []string{"arrays", "axis"}, map[string]any{"axis": int64(0)}, noAxis},
	"shape":        {ir.Shape, []string{"a"}, nil, noAxis},
	"ndim":         {ir.NDim, []string{"a"}, nil, noAxis},
	"broadcast_to": {ir.BroadcastTo, []string{"array", "shape"}, nil, noAxis},
}

// npOrders are the functions of npFuncs that take order= (a keyword in
// the subset, as numpy takes dtype before it), with the orders numpy
// permits. Only reshape's values depend on it: 'F' reads and writes the
// first index fastest (np_reshape_f); 'A' depends on the memory layout
// of its operand, which myia does not model. The others only lay out
// the same values differently in memory.
var npOrders = map[string]string{
	"array": "CFAK", "zeros": "CF", "ones": "CF", "full": "CF", "eye": "CF",
	"zeros_like": "CFAK", "ones_like": "CFAK", "reshape": "CF",
}

// npSeqHelpers are the stdlib functions that np.concatenate and np.stack
// call for an argument that is not a tuple or list literal: numpy takes
// an array there too, as the sequence of its rows.
var npSeqHelpers = map[string]string{"concatenate": "np_concatenate_of", "stack": "np_stack_of"}

// isArrayDefault reports whether e, the default of a top-level def, is
// an array made of constants by numpy's functions (w=np.ones(3),
// np.array([1.0, 2.0]), 2.0 * np.eye(N)), or uses numpy's constants
// (-np.pi). Static calls lower it where they stand, as they do a
// constant expression (fnInfo.defaultExprs): nothing mutates an array,
// so evaluating it once, where the def stands, or at each call is the
// same.
func (b *Builder) isArrayDefault(e Expr) bool {
	np := false
	var ok func(e Expr) bool
	ok = func(e Expr) bool {
		switch e := e.(type) {
		case *Tuple:
			return all(e.Elts, ok)
		case *List:
			return all(e.Elts, ok)
		case *UnaryOp:
			return (e.Op == "-" || e.Op == "+") && ok(e.X)
		case *BinOp:
			return strings.Contains("+ - * / // % ** @", e.Op) && ok(e.L) && ok(e.R)
		case *Attribute:
			if x, isName := e.X.(*Name); isName && b.imports[x.ID] == "numpy" {
				_, isConst := npConst[e.Name]
				np = np || isConst
				return isConst
			}
		case *Call:
			f, isAttr := e.Func.(*Attribute)
			if !isAttr {
				return false
			}
			x, isName := f.X.(*Name)
			if _, isNp := npFuncs[f.Name]; !isName || b.imports[x.ID] != "numpy" || (!isNp && f.Name != "arange") {
				return false
			}
			np = true
			for _, kw := range e.Keywords {
				if !ok(kw.Value) {
					return false
				}
			}
			return all(e.Args, ok)
		}
		return b.isConstExpr(e)
	}
	return ok(e) && np
}

func all(es []Expr, ok func(Expr) bool) bool {
	for _, e := range es {
		if !ok(e) {
			return false
		}
	}
	return true
}

// npConst are numpy's constants.
var npConst = map[string]float64{"pi": math.Pi, "e": math.E, "inf": math.Inf(1), "nan": math.NaN()}

// npCall lowers np.NAME(args...). recv, if not nil, is the array of a
// method call x.NAME(...), which takes the place of the first parameter.
func (bk *block) npCall(name string, c *Call, recv ir.Node) ir.Node {
	b, m := bk.fn.b, bk.fn.b.m
	pos := c.Pos()
	display := "np." + name
	if recv != nil {
		display = "ndarray." + name
	}
	if name == "arange" && recv == nil {
		return bk.npArange(c)
	}
	f, ok := npFuncs[name]
	if !ok {
		if recv != nil {
			b.errorf(pos, "method .%s() is not supported (arrays have sum mean max min prod reshape transpose dot)", name)
		} else {
			b.errorf(pos, "np.%s is not supported", name)
		}
		return m.Const(ir.None, pos)
	}
	keywords, order, ok := bk.npOrder(name, display, c.Keywords)
	if !ok {
		return m.Const(ir.None, pos)
	}
	prim := func(args ...ir.Node) ir.Node {
		if order == 'F' {
			return bk.npStdlib("np_reshape_f", pos, args...)
		}
		return npApply(m, bk.g, pos, name, f.prim, args)
	}
	params := f.params
	var bound []ir.Node
	if recv != nil {
		bound = append(bound, recv)
		params = params[1:]
		// x.reshape(2, 3) and x.transpose(1, 0) take their tuple
		// spread out, as numpy allows.
		if (f.prim == ir.Reshape || f.prim == ir.Transpose) && len(c.Args) > 1 {
			t := m.ApplyPrim(bk.g, pos, ir.MakeTuple, bk.exprs(c.Args)...)
			return prim(recv, t)
		}
	}
	if len(c.Args) > len(params) {
		b.errorf(pos, "%s() takes at most %d positional argument%s (%d given)", display, len(params), plural(len(params)), len(c.Args))
		return m.Const(ir.None, pos)
	}
	for i := range c.Args {
		if params[i] == "keepdims" {
			// numpy's reductions take dtype or out in that place.
			b.errorf(pos, "%s(): keepdims must be passed by keyword (keepdims=...)", display)
			return m.Const(ir.None, pos)
		}
	}
	args := make([]ir.Node, len(params))
	exprs := make([]Expr, len(params))
	for i, a := range c.Args {
		exprs[i] = a
	}
	for _, kw := range keywords {
		i := -1
		for j, p := range params {
			if p == kw.Name || (p == "shape" && kw.Name == "newshape") {
				i = j
			}
		}
		if i < 0 {
			b.errorf(kw.Pos(), "%s() got an unexpected keyword argument '%s'", display, kw.Name)
			return m.Const(ir.None, pos)
		}
		if exprs[i] != nil {
			b.errorf(kw.Pos(), "%s() got multiple values for argument '%s'", display, kw.Name)
			return m.Const(ir.None, pos)
		}
		exprs[i] = kw.Value
	}
	for i, p := range params {
		switch {
		case exprs[i] == nil:
			d, ok := f.defaults[p]
			if !ok {
				b.errorf(pos, "%s() missing required argument '%s'", display, p)
				return m.Const(ir.None, pos)
			}
			args[i] = m.Const(d, pos)
		case p == f.axis:
			args[i] = bk.axisArg(exprs[i])
		case f.prim == ir.ArrayFrom:
			args[i] = bk.arrayObject(exprs[i])
		default:
			args[i] = bk.expr(exprs[i])
		}
	}
	if helper, ok := npSeqHelpers[name]; ok && !isSeqLiteral(exprs[0]) {
		return bk.npStdlib(helper, pos, args...)
	}
	return prim(append(bound, args...)...)
}

// arrayObject lowers the object of np.array. A list display whose
// elements mix list displays, tuple displays and other values
// ([np.arange(2), [5, 6]], [[1, 2], (3, 4)]), or holds a display so
// changed, is built as a tuple, which np.array reads as it reads a list:
// the elements of a list have one type, and an array and a list have
// two.
func (bk *block) arrayObject(e Expr) ir.Node {
	var elts []Expr
	switch e := e.(type) {
	case *List:
		if !changedDisplay(e) {
			return bk.expr(e)
		}
		elts = e.Elts
	case *Tuple:
		elts = e.Elts
	default:
		return bk.expr(e)
	}
	nodes := make([]ir.Node, len(elts))
	for i, x := range elts {
		nodes[i] = bk.arrayObject(x)
	}
	return bk.fn.b.m.ApplyPrim(bk.g, e.Pos(), ir.MakeTuple, nodes...)
}

// changedDisplay reports whether arrayObject builds e, a display, other
// than expr would: as a tuple, or with an element so built.
func changedDisplay(e Expr) bool {
	var elts []Expr
	switch e := e.(type) {
	case *List:
		elts = e.Elts
	case *Tuple:
		elts = e.Elts
	default:
		return false
	}
	kinds := map[string]bool{}
	for _, x := range elts {
		switch x.(type) {
		case *List:
			kinds["list"] = true
		case *Tuple:
			kinds["tuple"] = true
		default:
			kinds["other"] = true
		}
		if changedDisplay(x) {
			return true
		}
	}
	_, isList := e.(*List)
	return isList && len(kinds) > 1
}

// isSeqLiteral reports whether e is a tuple or list display.
func isSeqLiteral(e Expr) bool {
	switch e.(type) {
	case *Tuple, *List:
		return true
	}
	return false
}

// npStdlib calls the stdlib function name, which implements a numpy
// function for arguments its primitive does not take.
func (bk *block) npStdlib(name string, pos ir.Pos, args ...ir.Node) ir.Node {
	b, m := bk.fn.b, bk.fn.b.m
	g, ok := b.opt.Builtins[name]
	if !ok {
		b.errorf(pos, "%s needs the standard library", name)
		return m.Const(ir.None, pos)
	}
	return bk.call(m.Const(g, pos), pos, args...)
}

// npOrder takes the order= keyword out of the keywords of a call of
// np.name (shown as display): the order, 'C' by default, and the other
// keywords; ok is false after an error.
func (bk *block) npOrder(name, display string, kws []*Keyword) (rest []*Keyword, order byte, ok bool) {
	b := bk.fn.b
	permitted, takes := npOrders[name]
	order = 'C'
	for _, kw := range kws {
		if kw.Name != "order" || !takes {
			rest = append(rest, kw)
			continue
		}
		v, isConst := b.constValue(kw.Value)
		s, isStr := v.(string)
		switch {
		case isConst && v == ir.None:
			continue
		case !isConst || !isStr:
			b.errorf(kw.Value.Pos(), "%s(): order must be a string literal ('C' or 'F')", display)
			return nil, 0, false
		case name == "reshape" && strings.EqualFold(s, "A"):
			b.errorf(kw.Value.Pos(), "%s(): order='A' is not supported (it depends on how the array is laid out in memory): use 'C' or 'F'", display)
			return nil, 0, false
		case name == "reshape" && strings.EqualFold(s, "K"):
			b.errorf(kw.Value.Pos(), "%s(): order 'K' is not permitted for reshaping", display)
			return nil, 0, false
		case len(s) != 1 || !strings.Contains(permitted, strings.ToUpper(s)):
			if len(permitted) == 2 {
				b.errorf(kw.Value.Pos(), "%s(): only 'C' or 'F' order is permitted", display)
			} else {
				b.errorf(kw.Value.Pos(), "%s(): order must be one of 'C', 'F', 'A', or 'K' (got '%s')", display, s)
			}
			return nil, 0, false
		}
		if name == "reshape" {
			order = strings.ToUpper(s)[0]
		}
	}
	return rest, order, true
}

// npApply applies prim, numpy's function name, to args in g: np.matmul
// checks its operands first (see matmul).
func npApply(m *ir.Module, g *ir.Graph, pos ir.Pos, name string, prim ir.Prim, args []ir.Node) ir.Node {
	if name == "matmul" {
		return matmul(m, g, pos, "np.matmul", args[0], args[1])
	}
	return m.ApplyPrim(g, pos, prim, args...)
}

// matmul is the matrix product a @ b or np.matmul(a, b) (op says which):
// np_dot, whose operands numpy's matmul checks more strictly (no
// numbers; see ir.MatmulCheck).
func matmul(m *ir.Module, g *ir.Graph, pos ir.Pos, op string, a, b ir.Node) ir.Node {
	checked := m.ApplyPrim(g, pos, ir.MatmulCheck, a, b, m.Const(op, pos))
	return m.ApplyPrim(g, pos, ir.MatDot, checked, b)
}

// axisArg lowers an axis argument to None or a tuple: an int literal
// becomes a 1-tuple; any other expression is passed as it is (an int, a
// tuple or None at run time), as numpy takes it.
func (bk *block) axisArg(e Expr) ir.Node {
	n := bk.expr(e)
	if c, ok := n.(*ir.Constant); ok {
		if _, isInt := c.Value.(int64); isInt {
			return bk.fn.b.m.ApplyPrim(bk.g, e.Pos(), ir.MakeTuple, n)
		}
	}
	return n
}

// npArange lowers np.arange(stop), (start, stop) and (start, stop, step).
func (bk *block) npArange(c *Call) ir.Node {
	b, m := bk.fn.b, bk.fn.b.m
	pos := c.Pos()
	if len(c.Keywords) > 0 {
		b.errorf(pos, "np.arange() takes its arguments by position")
		return m.Const(ir.None, pos)
	}
	args := bk.exprs(c.Args)
	switch len(args) {
	case 1:
		args = []ir.Node{m.Const(int64(0), pos), args[0], m.Const(int64(1), pos)}
	case 2:
		args = append(args, m.Const(int64(1), pos))
	case 3:
	default:
		b.errorf(pos, "np.arange() takes from 1 to 3 arguments (%d given)", len(args))
		return m.Const(ir.None, pos)
	}
	return m.ApplyPrim(bk.g, pos, ir.Arange, args...)
}

// npValue is np.NAME used as a value (passed to a function): a constant,
// the primitive itself when it takes exactly the function's parameters
// (none optional), else a function of the primitive's parameters whose
// optional ones have numpy's defaults (np.sum(a, axis=None,
// keepdims=False), np.transpose(a, axes=None)).
func (bk *block) npValue(name string, pos ir.Pos) ir.Node {
	b, m := bk.fn.b, bk.fn.b.m
	if v, ok := npConst[name]; ok {
		return m.Const(v, pos)
	}
	f, ok := npFuncs[name]
	if ok && len(f.defaults) == 0 && name != "arange" && name != "matmul" {
		return m.Const(f.prim, pos)
	}
	if ok && name != "arange" {
		if g := b.npGraphs[name]; g != nil {
			return m.Const(g, pos)
		}
		g := m.NewGraph("np_"+name, pos, nil, ir.KindStdlib)
		args := make([]ir.Node, len(f.params))
		var defaults []ir.Node
		for i, p := range f.params {
			args[i] = m.AddParam(g, p, pos)
			if d, ok := f.defaults[p]; ok {
				defaults = append(defaults, m.Const(d, pos))
			}
		}
		m.SetDefaults(g, defaults)
		if h := b.opt.Builtins[npSeqHelpers[name]]; h != nil {
			// The helper takes every argument, so that it has no
			// defaults: the typed optimizer specialises it.
			m.SetOutput(g, m.Apply(g, pos, append([]ir.Node{m.Const(h, pos)}, args...)...))
		} else {
			m.SetOutput(g, npApply(m, g, pos, name, f.prim, args))
		}
		if b.npGraphs == nil {
			b.npGraphs = map[string]*ir.Graph{}
		}
		b.npGraphs[name] = g
		return m.Const(g, pos)
	}
	b.errorf(pos, "np.%s cannot be used as a value", name)
	return m.Const(ir.None, pos)
}

// methodCall lowers x.NAME(args...) on a value (an array).
func (bk *block) methodCall(f *Attribute, c *Call) ir.Node {
	if sub, ok := f.X.(*Attribute); ok {
		// np.linalg.norm(x): a submodule, which the language has none of.
		if root, ok := sub.X.(*Name); ok {
			if r, ok := bk.resolve(root.ID, root.Pos()); ok && r.module != "" {
				bk.fn.b.errorf(c.Pos(), "%s.%s.%s is not supported", root.ID, sub.Name, f.Name)
				return bk.fn.b.m.Const(ir.None, c.Pos())
			}
		}
	}
	x := bk.expr(f.X)
	switch f.Name {
	case "sum", "mean", "max", "min", "prod", "reshape", "transpose", "dot":
		return bk.npCall(f.Name, c, bk.attrCheck(x, f))
	}
	bk.fn.b.errorf(c.Pos(), "method .%s() is not supported (arrays have sum mean max min prod reshape transpose dot)", f.Name)
	return bk.fn.b.m.Const(ir.None, c.Pos())
}

// arrayAttr lowers x.shape, x.T, x.ndim and x.size.
func (bk *block) arrayAttr(e *Attribute) (ir.Node, bool) {
	m := bk.fn.b.m
	pos := e.Pos()
	x := func() ir.Node { return bk.attrCheck(bk.expr(e.X), e) }
	switch e.Name {
	case "shape":
		return m.ApplyPrim(bk.g, pos, ir.Shape, x()), true
	case "ndim":
		return m.ApplyPrim(bk.g, pos, ir.NDim, x()), true
	case "T":
		return m.ApplyPrim(bk.g, pos, ir.Transpose, x(), m.Const(ir.None, pos)), true
	case "size":
		s := m.ApplyPrim(bk.g, pos, ir.Shape, x())
		return m.ApplyPrim(bk.g, pos, ir.ReduceProd, s, m.Const(ir.None, pos), m.Const(false, pos)), true
	}
	return nil, false
}

// attrCheck checks that x, the value of e.X, is an array, which has the
// attribute e.Name (np.ndim(x) takes a number, x.ndim does not).
func (bk *block) attrCheck(x ir.Node, e *Attribute) ir.Node {
	m := bk.fn.b.m
	return m.ApplyPrim(bk.g, e.Pos(), ir.AttrCheck, x, m.Const(e.Name, e.Pos()))
}

// indexExpr lowers one part of a subscript: a slice becomes a slice value.
func (bk *block) indexExpr(e Expr) ir.Node {
	m := bk.fn.b.m
	if s, ok := e.(*Slice); ok {
		part := func(p Expr) ir.Node {
			if p == nil {
				return m.Const(ir.None, s.Pos())
			}
			return bk.expr(p)
		}
		return m.ApplyPrim(bk.g, s.Pos(), ir.MakeSlice, part(s.Lo), part(s.Hi), part(s.Step))
	}
	return bk.expr(e)
}

func isNumpy(name string) (string, bool) {
	return strings.CutPrefix(name, "numpy.")
}
