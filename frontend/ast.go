package frontend

import "github.com/myia/myia/ir"

// The abstract syntax tree. It may hold more than the language accepts:
// the parser reads constructs outside the subset far enough to name them
// (Unsupported, BadExpr), and the builder rejects them with a position.
//
// Every node's Pos is the first character of its construct: for a binary
// operation that is its left operand's first character, for a call the
// first character of the callee expression.

// File is a parsed source file.
type File struct {
	Name string
	Body []Stmt
}

// Stmt is a statement.
type Stmt interface {
	Pos() ir.Pos
	stmt()
}

// Expr is an expression.
type Expr interface {
	Pos() ir.Pos
	expr()
}

// At is embedded in every node to carry its position.
type At struct{ P ir.Pos }

func (a At) Pos() ir.Pos { return a.P }

// Statements.
type (
	// FuncDef is `def Name(Params) -> Returns: Body`, with decorators.
	FuncDef struct {
		At
		Name       string
		Params     []*Param
		Returns    Expr // annotation, or nil
		Body       []Stmt
		Decorators []Expr
		// VarArgs is the position of a *args or **kwargs parameter, if any
		// (rejected by the builder).
		VarArgs *ir.Pos
	}
	// Return is `return Value` (Value nil for a bare return).
	Return struct {
		At
		Value Expr
	}
	// Assign is `T1 = T2 = ... = Value`. A target is a Name, a Tuple or
	// List of targets, or (rejected) a Subscript, Attribute or Starred.
	Assign struct {
		At
		Targets []Expr
		Value   Expr
	}
	// AnnAssign is `Target: Annotation = Value` (Value may be nil).
	AnnAssign struct {
		At
		Target     Expr
		Annotation Expr
		Value      Expr
	}
	// AugAssign is `Target Op= Value`; Op is the binary operator ("+").
	AugAssign struct {
		At
		Target Expr
		Op     string
		Value  Expr
	}
	// If is `if Cond: Body else: Else`; elif is an Else holding one If.
	If struct {
		At
		Cond Expr
		Body []Stmt
		Else []Stmt
	}
	// While is `while Cond: Body`; Else is the (rejected) else clause.
	While struct {
		At
		Cond Expr
		Body []Stmt
		Else []Stmt
	}
	// For is `for Target in Iter: Body`; Else is the (rejected) else clause.
	For struct {
		At
		Target Expr
		Iter   Expr
		Body   []Stmt
		Else   []Stmt
	}
	Break    struct{ At }
	Continue struct{ At }
	Pass     struct{ At }
	// ExprStmt is an expression used as a statement (a call, a docstring).
	ExprStmt struct {
		At
		X Expr
	}
	// Assert is `assert Cond, Msg` (Msg may be nil).
	Assert struct {
		At
		Cond Expr
		Msg  Expr
	}
	// Import is `import a.b as c, d`.
	Import struct {
		At
		Names []*Alias
	}
	// ImportFrom is `from Module import a as b, c`.
	ImportFrom struct {
		At
		Module string
		Names  []*Alias
	}
	// Unsupported is a statement outside the subset, parsed far enough to
	// be named: What is e.g. "class definitions", "global statements".
	Unsupported struct {
		At
		What string
	}
)

// Param is a parameter of a def or lambda.
type Param struct {
	At
	Name       string
	Default    Expr // or nil
	Annotation Expr // or nil
}

// Alias is one name of an import: `Name as AsName` (AsName may be "").
type Alias struct {
	At
	Name   string
	AsName string
}

// Expressions.
type (
	Name struct {
		At
		ID string
	}
	// Int is an integer literal that fits in 64 bits.
	Int struct {
		At
		Value int64
	}
	Float struct {
		At
		Value float64
	}
	Str struct {
		At
		Value string
	}
	Bool struct {
		At
		Value bool
	}
	NoneLit struct{ At }
	Tuple   struct {
		At
		Elts []Expr
	}
	List struct {
		At
		Elts []Expr
	}
	// BinOp is L Op R; Op is one of + - * / // % ** @.
	BinOp struct {
		At
		Op   string
		L, R Expr
	}
	// UnaryOp is Op X; Op is one of - + not.
	UnaryOp struct {
		At
		Op string
		X  Expr
	}
	// BoolOp is Values[0] Op Values[1] Op ...; Op is "and" or "or".
	BoolOp struct {
		At
		Op     string
		Values []Expr
	}
	// Compare is L Ops[0] Rights[0] Ops[1] Rights[1] ...; an Op is one of
	// < <= > >= == != in "not in" is "is not".
	Compare struct {
		At
		L      Expr
		Ops    []string
		Rights []Expr
	}
	// Call is Func(Args..., Keywords...).
	Call struct {
		At
		Func     Expr
		Args     []Expr
		Keywords []*Keyword
	}
	// Attribute is X.Name.
	Attribute struct {
		At
		X    Expr
		Name string
	}
	// Subscript is X[Index]; Index may be a Slice, or a Tuple whose
	// elements may be Slices (x[:, j]).
	Subscript struct {
		At
		X     Expr
		Index Expr
	}
	// Slice is Lo:Hi:Step, any of them nil.
	Slice struct {
		At
		Lo, Hi, Step Expr
	}
	Lambda struct {
		At
		Params []*Param
		Body   Expr
	}
	// IfExp is Then if Cond else Else.
	IfExp struct {
		At
		Cond, Then, Else Expr
	}
	// Starred is *X (rejected outside the subset).
	Starred struct {
		At
		X Expr
	}
	// BadExpr is an expression outside the subset, parsed far enough to be
	// named: What is e.g. "dict displays", "list comprehensions".
	BadExpr struct {
		At
		What string
	}
)

// Keyword is Name=Value in a call.
type Keyword struct {
	At
	Name  string
	Value Expr
}

func (*FuncDef) stmt()     {}
func (*Return) stmt()      {}
func (*Assign) stmt()      {}
func (*AnnAssign) stmt()   {}
func (*AugAssign) stmt()   {}
func (*If) stmt()          {}
func (*While) stmt()       {}
func (*For) stmt()         {}
func (*Break) stmt()       {}
func (*Continue) stmt()    {}
func (*Pass) stmt()        {}
func (*ExprStmt) stmt()    {}
func (*Assert) stmt()      {}
func (*Import) stmt()      {}
func (*ImportFrom) stmt()  {}
func (*Unsupported) stmt() {}

func (*Name) expr()      {}
func (*Int) expr()       {}
func (*Float) expr()     {}
func (*Str) expr()       {}
func (*Bool) expr()      {}
func (*NoneLit) expr()   {}
func (*Tuple) expr()     {}
func (*List) expr()      {}
func (*BinOp) expr()     {}
func (*UnaryOp) expr()   {}
func (*BoolOp) expr()    {}
func (*Compare) expr()   {}
func (*Call) expr()      {}
func (*Attribute) expr() {}
func (*Subscript) expr() {}
func (*Slice) expr()     {}
func (*Lambda) expr()    {}
func (*IfExp) expr()     {}
func (*Starred) expr()   {}
func (*BadExpr) expr()   {}
