package myia

// The interactive session behind `myia repl`. A session keeps the
// top-level code the user has typed (defs, imports, constant
// assignments) as source text, and compiles all of it again, with the new
// input, at every step: the language is pure, so recomputing is the same
// as remembering. An expression is compiled as the body of a hidden
// function,
//
//	def __repl__():
//	    return (EXPR
//	    )
//
// appended to the kept code; statements that may not stand at top level
// (loops, prints, asserts) become the body of that function likewise.
// An assignment `NAME = EXPR` whose value is not a constant is evaluated
// that way and kept as `NAME = <repr of the value>` when the repr is a
// constant the language accepts at top level; any other value (an array,
// a function) is kept as a value, passed to the hidden function as a
// parameter of that name, so later expressions and statements see it.

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/myia/myia/frontend"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/vm"
)

// ReplFile is the file name of the session's code in messages.
const ReplFile = "<repl>"

// replFunc is the name of the hidden function that holds an expression.
const replFunc = "__repl__"

// LineReader reads one line of input (without its newline), showing
// prompt if it is interactive; it returns io.EOF at the end.
type LineReader interface {
	ReadLine(prompt string) (string, error)
}

// Repl is an interactive session.
type Repl struct {
	Stdout, Stderr io.Writer
	// Debug prints the Go stack of internal errors.
	Debug bool
	items []replItem
	// vars are the values kept by name, passed to the hidden function.
	vars []replVar
	// remap maps positions of the last compiled input back to the input.
	remap func(error)
}

// replVar is a value the session keeps by name.
type replVar struct {
	name string
	v    vm.Value
}

// replItem is one kept piece of top-level code and the names it binds.
type replItem struct {
	names []string
	text  string
}

// ReplHelp is what :help prints.
const ReplHelp = `Type Python (the subset myia compiles) and press Enter.
  def f(x): ...       defines f; a block ends with a blank line
  N = 10              keeps a top-level constant; import math works too
  x = np.ones(3)      keeps any other value (not a function) by name
  f(3) + N            prints the value of an expression (nothing for None)
  for i in range(3): print(i)
                      statements run in a hidden function
Commands:
  :ir NAME [STAGE]    show the IR of function NAME (after STAGE, default the last)
  :source             show the code kept so far
  :reset              forget everything
  :help               this text
  :quit               leave (so does end of input, Ctrl-D)
`

// Run reads and evaluates input until :quit or the end of the input.
func (r *Repl) Run(in LineReader) error {
	lr := &pushback{in: in}
	for {
		chunk, err := readChunk(lr)
		if chunk != "" {
			if r.Eval(chunk) {
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// pushback is a LineReader that can be given back one line.
type pushback struct {
	in   LineReader
	line *string
}

func (p *pushback) ReadLine(prompt string) (string, error) {
	if p.line != nil {
		l := *p.line
		p.line = nil
		return l, nil
	}
	return p.in.ReadLine(prompt)
}

// readChunk reads one complete input: a line, or a block (a line that
// ends with ':' or opens a bracket, or a decorator, and the lines after
// it up to a blank line). A line that is not indented also ends a block
// (unless it continues the statement, as else: does), so that a file
// piped in needs no blank lines after its blocks.
func readChunk(in *pushback) (string, error) {
	line, err := in.ReadLine(">>> ")
	if err != nil {
		return line, err
	}
	if strings.TrimSpace(line) == "" {
		return "", nil
	}
	if strings.HasPrefix(strings.TrimSpace(line), ":") {
		return line, nil
	}
	lines := []string{line}
	for needsMore(lines) {
		next, err := in.ReadLine("... ")
		if err != nil || strings.TrimSpace(next) == "" {
			if strings.TrimSpace(next) != "" {
				lines = append(lines, next)
			}
			return strings.Join(lines, "\n") + "\n", err
		}
		if endsBlock(lines, next) {
			in.line = &next
			break
		}
		lines = append(lines, next)
	}
	return strings.Join(lines, "\n") + "\n", nil
}

// endsBlock reports whether next, a line after the block lines, starts a
// new statement rather than continuing the block.
func endsBlock(lines []string, next string) bool {
	if next == "" || next[0] == ' ' || next[0] == '\t' {
		return false
	}
	if depth, open := scanBrackets(strings.Join(lines, "\n")); depth > 0 || open {
		return false
	}
	if allDecorators(lines) {
		return false
	}
	word := strings.TrimSpace(next)
	for _, w := range []string{"else", "elif", "except", "finally", ")", "]", "}"} {
		if strings.HasPrefix(word, w) {
			return false
		}
	}
	return true
}

func allDecorators(lines []string) bool {
	for _, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "@") {
			return false
		}
	}
	return true
}

// needsMore reports whether a block is unfinished: brackets are open, the
// first line opens a block, or it is all decorators so far.
func needsMore(lines []string) bool {
	depth, _ := scanBrackets(strings.Join(lines, "\n"))
	if depth > 0 {
		return true
	}
	for _, l := range lines {
		if l := strings.TrimSpace(l); !strings.HasPrefix(l, "@") {
			return strings.HasSuffix(strings.TrimSpace(stripComment(l)), ":")
		}
	}
	return true // decorators so far
}

// scanBrackets returns the bracket depth at the end of src, skipping
// strings and comments, and whether a string is still open.
func scanBrackets(src string) (depth int, inString bool) {
	var quote byte
	triple := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if quote != 0 {
			switch {
			case c == '\\':
				i++
			case triple && strings.HasPrefix(src[i:], strings.Repeat(string(quote), 3)):
				quote, i = 0, i+2
			case !triple && c == quote:
				quote = 0
			case !triple && c == '\n':
				quote = 0
			}
			continue
		}
		switch c {
		case '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case '\'', '"':
			quote = c
			triple = strings.HasPrefix(src[i:], strings.Repeat(string(c), 3))
			if triple {
				i += 2
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
	}
	return depth, quote != 0
}

// stripComment removes a trailing # comment from one line.
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
		case c == '\'' || c == '"':
			quote = c
		case c == '#':
			return line[:i]
		}
	}
	return line
}

// Eval evaluates one complete input and reports whether the session
// should end.
func (r *Repl) Eval(chunk string) (quit bool) {
	if !strings.HasSuffix(chunk, "\n") {
		chunk += "\n"
	}
	err := Protect("repl", func() error {
		var err error
		quit, err = r.eval(chunk)
		return err
	})
	if err != nil {
		r.report(err, ir.Sources{InputFile: chunk})
	}
	return quit
}

func (r *Repl) eval(chunk string) (bool, error) {
	if cmd := strings.TrimSpace(chunk); strings.HasPrefix(cmd, ":") {
		return r.command(strings.Fields(cmd))
	}
	f, err := frontend.Parse(InputFile, []byte(chunk))
	if err != nil {
		r.report(err, ir.Sources{InputFile: chunk})
		return false, nil
	}
	switch {
	case len(f.Body) == 0:
		return false, nil
	case isExpr(f.Body):
		r.expr(chunk)
	case isTopLevel(f.Body):
		r.define(chunk, f.Body)
	default:
		r.statements(chunk)
	}
	return false, nil
}

func isExpr(body []frontend.Stmt) bool {
	if len(body) != 1 {
		return false
	}
	_, ok := body[0].(*frontend.ExprStmt)
	return ok
}

func isTopLevel(body []frontend.Stmt) bool {
	for _, s := range body {
		switch s.(type) {
		case *frontend.FuncDef, *frontend.Import, *frontend.ImportFrom, *frontend.Assign:
		default:
			return false
		}
	}
	return true
}

// source returns the kept code followed by extra.
func (r *Repl) source(extra string) string {
	var b strings.Builder
	for _, it := range r.items {
		b.WriteString(it.text)
	}
	b.WriteString(extra)
	return b.String()
}

// InputFile names the current input in messages; the code kept from
// earlier inputs is ReplFile (:source shows it).
const InputFile = "<stdin>"

// input is what the user typed, as placed in the compiled source: extra
// is appended to the kept code; user line userLine+i is line first+i
// (0-based) of extra, its columns shifted right by shift[i].
type input struct {
	user     string
	extra    string
	first    int
	userLine int
	shift    []int
}

func lineCount(s string) int { return strings.Count(strings.TrimRight(s, "\n"), "\n") + 1 }

// topLevel is chunk kept as it is, at top level.
func topLevel(chunk string) input {
	return input{user: chunk, extra: chunk, userLine: 1, shift: make([]int, lineCount(chunk))}
}

// hiddenPrefix is the text before a hidden function's body, on the two
// lines before it: its parameters are the kept values.
func (r *Repl) hiddenPrefix() string {
	names := make([]string, len(r.vars))
	for i, v := range r.vars {
		names[i] = v.name
	}
	return "\ndef " + replFunc + "(" + strings.Join(names, ", ") + "):\n"
}

// returnPrefix starts the body that returns an expression's value.
const returnPrefix = "    return ("

// exprInput is the expression chunk[off:] returned by the hidden
// function:
//
//	def __repl__():
//	    return (EXPR
//	    )
func (r *Repl) exprInput(chunk string, off int) input {
	expr := strings.TrimRight(chunk[off:], "\n")
	before := chunk[:off]
	col := off - (strings.LastIndexByte(before, '\n') + 1)
	in := input{user: chunk, extra: r.hiddenPrefix() + returnPrefix + expr + "\n    )\n",
		first: 2, userLine: strings.Count(before, "\n") + 1, shift: make([]int, lineCount(expr))}
	in.shift[0] = len(returnPrefix) - col
	return in
}

// stmtInput is chunk as the body of the hidden function.
func (r *Repl) stmtInput(chunk string) input {
	var b strings.Builder
	b.WriteString(r.hiddenPrefix())
	n := 0
	for _, l := range strings.Split(strings.TrimRight(chunk, "\n"), "\n") {
		b.WriteString("    " + l + "\n")
		n++
	}
	in := input{user: chunk, extra: b.String(), first: 2, userLine: 1, shift: make([]int, n)}
	for i := range in.shift {
		in.shift[i] = 4
	}
	return in
}

// build compiles the kept code and in, with positions in the input
// mapped back to what the user typed. It prints nothing.
func (r *Repl) build(in input, cfg Config) (*Program, error) {
	kept := r.source("")
	p, err := Compile(ReplFile, []byte(kept+in.extra), cfg)
	p.Module.Sources[InputFile] = in.user
	k := strings.Count(kept, "\n")
	remapPos := func(pos *ir.Pos) {
		if pos.File != ReplFile {
			return
		}
		i := pos.Line - 1 - k - in.first
		if i < 0 || i >= len(in.shift) {
			return
		}
		pos.File, pos.Line, pos.Col = InputFile, in.userLine+i, max(1, pos.Col-in.shift[i])
	}
	r.remap = func(err error) {
		for _, e := range positioned(err) {
			remapPos(&e.Pos)
			for i := range e.Notes {
				remapPos(&e.Notes[i].Pos)
			}
			for i := range e.Trace {
				remapPos(&e.Trace[i].Pos)
			}
		}
	}
	r.remap(err)
	r.remap(p.Module.Warnings)
	return p, err
}

// positioned returns the *ir.Errors in err.
func positioned(err error) []*ir.Error {
	var list ir.ErrorList
	var one *ir.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &list):
		return list
	case errors.As(err, &one):
		return []*ir.Error{one}
	}
	return nil
}

// compile is build that prints the warnings about the input, and errors.
func (r *Repl) compile(in input, cfg Config) (*Program, bool) {
	p, err := r.build(in, cfg)
	var ws ir.ErrorList
	for _, w := range p.Module.Warnings {
		if w.Pos.File == InputFile {
			ws = append(ws, w)
		}
	}
	fmt.Fprint(r.Stderr, FormatWarnings(p.Module.Sources, ws))
	if err != nil {
		r.report(err, p.Module.Sources)
		return p, false
	}
	return p, true
}

func (r *Repl) report(err error, src ir.Sources) {
	var ie *InternalError
	if errors.As(err, &ie) {
		fmt.Fprintln(r.Stderr, ie.Error())
		if r.Debug {
			fmt.Fprintln(r.Stderr, ie.Stack)
		}
		return
	}
	fmt.Fprint(r.Stderr, src.Format(err))
}

// call compiles in with the kept code and calls the hidden function.
func (r *Repl) call(in input) (vm.Value, bool) {
	p, ok := r.compile(in, Config{})
	if !ok {
		return vm.None, false
	}
	var v vm.Value
	err := Protect("vm", func() error {
		var err error
		args := make([]vm.Value, len(r.vars))
		for i, kv := range r.vars {
			args[i] = kv.v
		}
		v, err = p.Run(replFunc, args, RunOptions{Stdout: r.Stdout})
		return err
	})
	if err != nil {
		r.remap(err)
		r.report(err, p.Module.Sources)
		return vm.None, false
	}
	return v, true
}

func (r *Repl) expr(chunk string) {
	if v, ok := r.call(r.exprInput(chunk, 0)); ok && !v.IsNone() {
		fmt.Fprintln(r.Stdout, v.Repr())
	}
}

func (r *Repl) statements(chunk string) {
	if v, ok := r.call(r.stmtInput(chunk)); ok && !v.IsNone() {
		fmt.Fprintln(r.Stdout, v.Repr())
	}
}

// define keeps top-level code if the whole compiles, replacing earlier
// definitions of the same names.
func (r *Repl) define(chunk string, body []frontend.Stmt) {
	names := boundNames(body)
	old, oldVars := r.items, r.vars
	r.items = dropNames(r.items, names)
	r.vars = dropVars(r.vars, names)
	if a, ok := body[0].(*frontend.Assign); ok && len(body) == 1 {
		if p, err := r.build(topLevel(chunk), Config{}); err != nil {
			// Not a constant, or wrong: evaluate the value.
			if text, v, ok := r.evalAssign(chunk, a, err, p.Module.Sources); ok {
				if text != "" {
					r.items = append(r.items, replItem{names: names, text: text})
				} else {
					r.vars = append(r.vars, replVar{names[0], v})
				}
			} else {
				r.items, r.vars = old, oldVars
			}
			return
		}
	}
	if _, ok := r.compile(topLevel(chunk), Config{}); !ok {
		r.items, r.vars = old, oldVars
		return
	}
	r.items = append(r.items, replItem{names: names, text: chunk})
}

// evalAssign computes the value of a top-level assignment that is not a
// constant. It returns `TARGETS = REPR` if that is accepted at top level,
// else (for one name) "" and the value, to be kept as a value. topErr is
// the error of the assignment as it was written, reported if the value is
// fine but cannot be kept.
func (r *Repl) evalAssign(chunk string, a *frontend.Assign, topErr error, src ir.Sources) (string, vm.Value, bool) {
	off := offset(chunk, a.Value.Pos())
	if off < 0 {
		r.report(topErr, src)
		return "", vm.None, false
	}
	v, ok := r.call(r.exprInput(chunk, off))
	if !ok {
		return "", vm.None, false
	}
	text := chunk[:off] + v.Repr() + "\n"
	if _, err := Compile(ReplFile, []byte(r.source(text)), Config{}); err == nil {
		return text, v, true
	}
	if _, ok := a.Targets[0].(*frontend.Name); ok && len(a.Targets) == 1 && !holdsFunc(v) {
		return "", v, true
	}
	r.report(topErr, src)
	return "", vm.None, false
}

// holdsFunc reports whether v is or contains a function: functions belong
// to the program that made them and cannot be kept (a def can).
func holdsFunc(v vm.Value) bool {
	switch v.Kind() {
	case vm.KFunc:
		return true
	case vm.KTuple, vm.KList:
		for _, e := range v.Elems() {
			if holdsFunc(e) {
				return true
			}
		}
	}
	return false
}

// dropVars removes the kept values named in names.
func dropVars(vars []replVar, names []string) []replVar {
	var out []replVar
	for _, v := range vars {
		keep := true
		for _, n := range names {
			if v.name == n {
				keep = false
			}
		}
		if keep {
			out = append(out, v)
		}
	}
	return out
}

// offset converts a 1-based line and column of src to a byte offset.
func offset(src string, p ir.Pos) int {
	off := 0
	for line := 1; line < p.Line; line++ {
		k := strings.IndexByte(src[off:], '\n')
		if k < 0 {
			return -1
		}
		off += k + 1
	}
	off += p.Col - 1
	if off < 0 || off > len(src) {
		return -1
	}
	return off
}

// boundNames lists the top-level names the statements bind.
func boundNames(body []frontend.Stmt) []string {
	var out []string
	var target func(e frontend.Expr)
	target = func(e frontend.Expr) {
		switch e := e.(type) {
		case *frontend.Name:
			out = append(out, e.ID)
		case *frontend.Tuple:
			for _, x := range e.Elts {
				target(x)
			}
		case *frontend.List:
			for _, x := range e.Elts {
				target(x)
			}
		}
	}
	alias := func(a *frontend.Alias) {
		if a.AsName != "" {
			out = append(out, a.AsName)
		} else {
			out = append(out, strings.Split(a.Name, ".")[0])
		}
	}
	for _, s := range body {
		switch s := s.(type) {
		case *frontend.FuncDef:
			out = append(out, s.Name)
		case *frontend.Assign:
			for _, t := range s.Targets {
				target(t)
			}
		case *frontend.Import:
			for _, a := range s.Names {
				alias(a)
			}
		case *frontend.ImportFrom:
			for _, a := range s.Names {
				alias(a)
			}
		}
	}
	return out
}

// dropNames removes the items all of whose names are in names.
func dropNames(items []replItem, names []string) []replItem {
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	var out []replItem
	for _, it := range items {
		all := len(it.names) > 0
		for _, n := range it.names {
			all = all && set[n]
		}
		if !all {
			out = append(out, it)
		}
	}
	return out
}

func (r *Repl) command(args []string) (bool, error) {
	switch args[0] {
	case ":quit", ":q", ":exit":
		return true, nil
	case ":help", ":h", ":?":
		fmt.Fprint(r.Stdout, ReplHelp)
	case ":source", ":src":
		fmt.Fprint(r.Stdout, r.source(""))
		for _, v := range r.vars {
			fmt.Fprintf(r.Stdout, "# %s = %s\n", v.name, v.v.Repr())
		}
	case ":reset":
		r.items, r.vars = nil, nil
	case ":ir":
		if len(args) < 2 || len(args) > 3 {
			return false, errors.New("usage: :ir NAME [STAGE]")
		}
		cfg := Config{}
		if len(args) == 3 {
			if !isStage(args[2]) {
				return false, fmt.Errorf("no stage %s: the stages are %s", args[2], strings.Join(StageNames(), ", "))
			}
			cfg.Until = args[2]
		}
		p, ok := r.compile(input{}, cfg)
		if !ok {
			return false, nil
		}
		g, err := p.Entry(args[1])
		if err != nil {
			return false, err
		}
		ir.Fprint(r.Stdout, g)
	default:
		return false, fmt.Errorf("unknown command %s (:help lists them)", args[0])
	}
	return false, nil
}

func isStage(name string) bool {
	for _, s := range StageNames() {
		if s == name {
			return true
		}
	}
	return false
}

// Names returns the names the session has kept, sorted.
func (r *Repl) Names() []string {
	var out []string
	for _, it := range r.items {
		out = append(out, it.names...)
	}
	sort.Strings(out)
	return out
}
