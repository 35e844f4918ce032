package ir

// Prim is a primitive operation. The primitives are this one enum and one
// table (PrimInfo); every stage that must know a primitive keeps its own
// table indexed by Prim, with a test that no entry is missing.
type Prim uint16

// The primitives. Their printed and Python-side spelling is PrimInfo.Name.
const (
	PrimInvalid Prim = iota

	// Structure and control.
	Return // return(x): a graph's return node
	Switch // switch(cond, a, b): a if cond else b; cond is a Bool
	Depend // depend(x, e): x, but only once e has been evaluated
	MakeTuple
	MakeList
	GetItem   // getitem(seq, i): tuples, lists, ranges, strings
	Slice     // slice(seq, lo, hi, step); missing bounds are None
	Len       // len(seq)
	MakeRange // make_range(start, stop, step)
	Contains  // contains(seq, x): x in seq

	// Scalar arithmetic with Python's semantics.
	Add
	Sub
	Mul
	TrueDiv
	FloorDiv
	Mod
	Pow
	Neg
	UPos // unary +
	Abs
	Eq
	Ne
	Lt
	Le
	Gt
	Ge
	Not    // not x (of any value's truth)
	Truth  // bool(x)
	IsNone // x is None
	// not_none(x): x, where a test has shown that it is not None: the
	// frontend rebinds a variable so in the branch of `x is not None`,
	// and inference narrows a value that may be None (Optional[T]) to T.
	NotNone
	ToInt
	ToFloat
	ScalarMin // min(a, b) with int/float joining to float
	ScalarMax

	// math.
	Exp
	Log
	Sqrt
	Sin
	Cos
	Tan
	Tanh

	// Effects.
	Print  // print(args...): prints, returns None
	Assert // assert_(cond, msg): raises a positioned error if cond is false
	// Check is check(cond, msg, x): x if cond, else raises a positioned
	// error whose message is msg, a string known at compile time. The
	// frontend reads variables that may be unbound with it.
	Check
	// unpack(x, n): x, which must hold exactly n values, for the
	// assignment a1, ..., an = x: an error as Python's (too many values
	// to unpack...) otherwise, from the types where they tell (a tuple),
	// else at run time (a list, an array).
	Unpack

	// Automatic differentiation.
	J // J(f): the transformed function, returning (value, backpropagator)
	// JF(f): the forward-mode transform of f (dual numbers): it takes
	// each argument followed by its tangent, (x1, dx1, ..., xn, dxn),
	// and returns (value, tangent). JF of data is the data.
	JF
	ZerosLike    // zeros_like(x): the zero sensitivity of x's structure
	OnesLike     // ones_like(x)
	Gadd         // gadd(a, b): adds two sensitivities of any structure
	NewEnv       // newenv(): the empty environment of free-variable sensitivities
	EnvSetItem   // env_setitem(env, key, v)
	EnvGetItem   // env_getitem(env, key, default)
	TupleSetItem // tuple_setitem(t, i, v): t with element i replaced (tuples, lists)
	GradSens     // grad_sens(y): 1.0 for a float y, else an error: grad needs a scalar output
	FixSens      // fix_sens(x, d): d, with zeros of x's type where x is an int or bool
	// check_sens(x, d, msg): d, which inference checks to be a
	// sensitivity of x's structure (a tuple of as many elements where x
	// is a tuple, recursively; None, a zero, anywhere), else an error
	// whose message is msg: the cotangent given to vjp's pullback, the
	// results of a custom_vjp backward rule.
	CheckSens
	StopGradient // stop_gradient(x): x, with a zero sensitivity
	IsSeq        // is_seq(x): x is a tuple or a list
	// grad_forward(x, rest): x is a float and rest (a tuple) holds no
	// function. grad and value_and_grad w.r.t. one argument x branch on it:
	// forward mode when it holds (see frontend's adFunc).
	GradForward
	// list_push(l, x): l + [x]. Only opt's loop reversal makes it, for
	// a tape no one reads before the pushes are done, so that native
	// code may append in place.
	ListPush

	// Arrays (numpy's semantics; see docs/arrays.md). Elementwise
	// arithmetic, comparisons and the math functions above also take
	// arrays, with numpy's broadcasting; getitem, slice, len and
	// tuple_setitem take arrays and index specs (an int, a slice value, or
	// a tuple of them). A reduction to no axis gives a Python scalar, never
	// a 0-d array. numpy's math functions (np_exp... np_tan, np_log1p,
	// np_expm1) are elementwise on arrays as exp... tan are; of a number,
	// they give the IEEE result (an infinity, a NaN) where Python's math
	// module raises. np.tanh is tanh, which never raises.
	MakeSlice   // make_slice(lo, hi, step): a slice value, for x[:, j]
	ArrayFrom   // np_array(x): an array from a scalar, an array or nested sequences
	Zeros       // np_zeros(shape): float64 zeros; shape an int or a tuple
	Ones        // np_ones(shape)
	Full        // np_full(shape, v): dtype of v
	Arange      // np_arange(start, stop, step): int64 if all are ints
	Eye         // np_eye(n, m, k): n x m (m None: n x n), ones on diagonal k
	Log1p       // np_log1p(x)
	Expm1       // np_expm1(x)
	NpExp       // np_exp(x): exp, but inf where math.exp raises
	NpLog       // np_log(x): log, but -inf at 0 and nan below
	NpSqrt      // np_sqrt(x): sqrt, but nan below 0
	NpSin       // np_sin(x): sin, but nan at an infinity
	NpCos       // np_cos(x)
	NpTan       // np_tan(x)
	Maximum     // np_maximum(a, b)
	Minimum     // np_minimum(a, b)
	Where       // np_where(cond, a, b)
	MatDot      // np_dot(a, b): also @, np.matmul and x.dot for 1-d and 2-d operands
	Outer       // np_outer(a, b)
	ReduceSum   // np_sum(x, axis, keepdims): axis None, an int or a tuple
	ReduceMean  // np_mean(x, axis, keepdims)
	ReduceMax   // np_max(x, axis, keepdims)
	ReduceMin   // np_min(x, axis, keepdims)
	ReduceProd  // np_prod(x, axis, keepdims)
	Reshape     // np_reshape(x, shape): shape an int or a tuple, one -1 allowed
	Transpose   // np_transpose(x, axes): axes None (reverse) or a tuple
	Concatenate // np_concatenate(seq, axis)
	Stack       // np_stack(seq, axis)
	Shape       // np_shape(x): a tuple of ints; () for a scalar
	NDim        // np_ndim(x): 0 for a scalar
	BroadcastTo // np_broadcast_to(x, shape): () leaves a scalar a scalar
	SplitLike   // np_split_like(d, seq, axis): the inverse of concatenate (or of stack, when d has one more dimension than seq's elements): a tuple of pieces of d shaped like seq's elements
	SumToLike   // sum_to_like(d, x): d summed over the axes broadcasting added to x's shape; d itself when both are scalars
	// attr_check(x, name): x, which must be an array: the receiver of
	// x.name, an array's attribute or method (x.ndim, x.sum()), where
	// np.name(x) would take a number too. Inference rejects anything
	// else, as Python raises AttributeError ('float' object has no
	// attribute 'ndim').
	AttrCheck
	// matmul_check(a, b, op): a, the left operand of a matrix product
	// a @ b (op "@") or np.matmul(a, b) (op "np.matmul"), which np_dot
	// then computes: neither may be a number (numpy's matmul has no
	// scalar operands, where np.dot multiplies), and one of the operands
	// of @ must be an array (a tuple has no @).
	MatmulCheck

	NumPrims
)

// PrimInfo describes a primitive.
type PrimInfo struct {
	Name  string
	Arity int  // number of arguments; -1 if variadic
	Pure  bool // no effect: may be removed, duplicated or reordered
}

// Prims is the table of primitives, indexed by Prim.
var Prims = [NumPrims]PrimInfo{
	PrimInvalid:  {"invalid", 0, true},
	Return:       {"return", 1, false},
	Switch:       {"switch", 3, true},
	Depend:       {"depend", 2, true},
	MakeTuple:    {"make_tuple", -1, true},
	MakeList:     {"make_list", -1, true},
	GetItem:      {"getitem", 2, true},
	Slice:        {"slice", 4, true},
	Len:          {"len", 1, true},
	MakeRange:    {"make_range", 3, true},
	Contains:     {"contains", 2, true},
	Add:          {"add", 2, true},
	Sub:          {"sub", 2, true},
	Mul:          {"mul", 2, true},
	TrueDiv:      {"truediv", 2, true},
	FloorDiv:     {"floordiv", 2, true},
	Mod:          {"mod", 2, true},
	Pow:          {"pow", 2, true},
	Neg:          {"neg", 1, true},
	UPos:         {"pos", 1, true},
	Abs:          {"abs", 1, true},
	Eq:           {"eq", 2, true},
	Ne:           {"ne", 2, true},
	Lt:           {"lt", 2, true},
	Le:           {"le", 2, true},
	Gt:           {"gt", 2, true},
	Ge:           {"ge", 2, true},
	Not:          {"not", 1, true},
	Truth:        {"truth", 1, true},
	IsNone:       {"is_none", 1, true},
	NotNone:      {"not_none", 1, true},
	ToInt:        {"to_int", 1, true},
	ToFloat:      {"to_float", 1, true},
	ScalarMin:    {"scalar_min", 2, true},
	ScalarMax:    {"scalar_max", 2, true},
	Exp:          {"exp", 1, true},
	Log:          {"log", 1, true},
	Sqrt:         {"sqrt", 1, true},
	Sin:          {"sin", 1, true},
	Cos:          {"cos", 1, true},
	Tan:          {"tan", 1, true},
	Tanh:         {"tanh", 1, true},
	Print:        {"print", -1, false},
	Assert:       {"assert", 2, false},
	Check:        {"check", 3, false},
	Unpack:       {"unpack", 2, true},
	J:            {"J", 1, true},
	JF:           {"JF", 1, true},
	ZerosLike:    {"zeros_like", 1, true},
	OnesLike:     {"ones_like", 1, true},
	Gadd:         {"gadd", 2, true},
	NewEnv:       {"newenv", 0, true},
	EnvSetItem:   {"env_setitem", 3, true},
	EnvGetItem:   {"env_getitem", 3, true},
	TupleSetItem: {"tuple_setitem", 3, true},
	GradSens:     {"grad_sens", 1, true},
	FixSens:      {"fix_sens", 2, true},
	CheckSens:    {"check_sens", 3, true},
	StopGradient: {"stop_gradient", 1, true},
	IsSeq:        {"is_seq", 1, true},
	GradForward:  {"grad_forward", 2, true},
	ListPush:     {"list_push", 2, true},
	MakeSlice:    {"make_slice", 3, true},
	ArrayFrom:    {"np_array", 1, true},
	Zeros:        {"np_zeros", 1, true},
	Ones:         {"np_ones", 1, true},
	Full:         {"np_full", 2, true},
	Arange:       {"np_arange", 3, true},
	Eye:          {"np_eye", 3, true},
	Log1p:        {"np_log1p", 1, true},
	Expm1:        {"np_expm1", 1, true},
	NpExp:        {"np_exp", 1, true},
	NpLog:        {"np_log", 1, true},
	NpSqrt:       {"np_sqrt", 1, true},
	NpSin:        {"np_sin", 1, true},
	NpCos:        {"np_cos", 1, true},
	NpTan:        {"np_tan", 1, true},
	Maximum:      {"np_maximum", 2, true},
	Minimum:      {"np_minimum", 2, true},
	Where:        {"np_where", 3, true},
	MatDot:       {"np_dot", 2, true},
	Outer:        {"np_outer", 2, true},
	ReduceSum:    {"np_sum", 3, true},
	ReduceMean:   {"np_mean", 3, true},
	ReduceMax:    {"np_max", 3, true},
	ReduceMin:    {"np_min", 3, true},
	ReduceProd:   {"np_prod", 3, true},
	Reshape:      {"np_reshape", 2, true},
	Transpose:    {"np_transpose", 2, true},
	Concatenate:  {"np_concatenate", 2, true},
	Stack:        {"np_stack", 2, true},
	Shape:        {"np_shape", 1, true},
	NDim:         {"np_ndim", 1, true},
	BroadcastTo:  {"np_broadcast_to", 2, true},
	SplitLike:    {"np_split_like", 3, true},
	SumToLike:    {"sum_to_like", 2, true},
	AttrCheck:    {"attr_check", 2, true},
	MatmulCheck:  {"matmul_check", 3, true},
}

func (p Prim) String() string {
	if int(p) < len(Prims) && Prims[p].Name != "" {
		return Prims[p].Name
	}
	return "prim?"
}

// Info returns p's row of the table.
func (p Prim) Info() PrimInfo { return Prims[p] }

// PrimByName returns the primitive spelled name.
func PrimByName(name string) (Prim, bool) {
	for p := Prim(1); p < NumPrims; p++ {
		if Prims[p].Name == name {
			return p, true
		}
	}
	return PrimInvalid, false
}
