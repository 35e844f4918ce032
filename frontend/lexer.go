package frontend

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/myia/myia/ir"
)

// The lexer turns Python source into the token stream the participle
// grammar reads, as CPython's tokenizer does: NEWLINE ends a logical line,
// INDENT and DEDENT bracket a block, newlines inside brackets and after a
// backslash join lines, blank and comment-only lines vanish.
//
// Token values are the source text, except for the synthetic tokens and
// for the merged comparison operators "not in" and "is not", which the
// lexer joins into one token so that the grammar can capture an operator
// as one string. A `match` that starts a match statement gets the Keyword
// type (it is a soft keyword: everywhere else it is a name).

// Token types.
const (
	tIdent lexer.TokenType = -(iota + 2)
	tKeyword
	tNumber
	tString
	tOp
	tNewline
	tIndent
	tDedent
)

var tokenSymbols = map[string]lexer.TokenType{
	"EOF":     lexer.EOF,
	"Ident":   tIdent,
	"Keyword": tKeyword,
	"Number":  tNumber,
	"String":  tString,
	"Op":      tOp,
	"NEWLINE": tNewline,
	"INDENT":  tIndent,
	"DEDENT":  tDedent,
}

// Limits that keep the parser's recursion shallow, as CPython's own.
const (
	maxParens  = 200  // nested brackets
	maxIndent  = 100  // nested blocks
	maxNesting = 1000 // operators that nest to their right, per logical line
)

var pyKeywords = map[string]string{}

func init() {
	for _, k := range strings.Fields(`False None True and as assert async await
		break class continue def del elif else except finally for from global
		if import in is lambda nonlocal not or pass raise return try while with
		yield`) {
		pyKeywords[k] = k
	}
}

// pyOperators are the operators and delimiters of Python 3.
var pyOperators = strings.Fields(`**= //= >>= <<= ... ** // << >> <= >= == != -> += -= *= /= %= &= |= ^= @= :=
	+ - * / % @ & | ^ ~ < > ( ) [ ] { } , : . ; =`)

// Operator tables: op1[c] is the one-byte operator c, opEq[c] the
// operator c followed by '=', opDouble[c] the doubled cc (** // << >>)
// and opDoubleEq[c] ccc= (**= //= <<= >>=); "" where there is none.
var op1, opEq, opDouble, opDoubleEq [256]string

func init() {
	for _, op := range pyOperators {
		switch {
		case len(op) == 1:
			op1[op[0]] = op
		case len(op) == 2 && op[1] == '=':
			opEq[op[0]] = op
		case len(op) == 2 && op[0] == op[1]:
			opDouble[op[0]] = op
		case len(op) == 3 && op[0] == op[1] && op[2] == '=':
			opDoubleEq[op[0]] = op
		}
	}
}

// operatorAt is the operator at the start of b, or "".
func operatorAt(b []byte) string {
	c := b[0]
	var c1, c2 byte
	if len(b) > 1 {
		c1 = b[1]
	}
	if len(b) > 2 {
		c2 = b[2]
	}
	switch {
	case c1 == c && opDouble[c] != "":
		if c2 == '=' && opDoubleEq[c] != "" {
			return opDoubleEq[c]
		}
		return opDouble[c]
	case c == '.' && c1 == '.' && c2 == '.':
		return "..."
	case c == '-' && c1 == '>':
		return "->"
	case c1 == '=' && opEq[c] != "":
		return opEq[c]
	}
	return op1[c]
}

var openingOf = map[byte]byte{')': '(', ']': '[', '}': '{'}

type indentLevel struct{ col, alt int }

type openBracket struct {
	c   byte
	pos lexer.Position
}

type scanner struct {
	file      string
	src       []byte
	off       int
	line      int
	lineStart int

	toks     []lexer.Token
	errs     ir.ErrorList
	fatal    bool
	indents  []indentLevel
	brackets []openBracket
	bol      bool // at the beginning of a logical line
	lineToks bool // the logical line has tokens
	lastEnd  int  // offset of the end of the last token
	lastLine int  // and its line and line start
	lastBOL  int
	nesting  int // right-nesting operators on this logical line
	names    map[string]string
}

// tokenize lexes src. It returns the tokens, ending with EOF, and the
// errors; fatal is set if the token stream is unusable.
func tokenize(file string, src []byte) (toks []lexer.Token, errs ir.ErrorList, fatal bool) {
	s := &scanner{
		file:    file,
		src:     src,
		line:    1,
		indents: []indentLevel{{0, 0}},
		bol:     true,
		toks:    make([]lexer.Token, 0, len(src)/2+8),
		names:   map[string]string{},
	}
	s.run()
	if !s.fatal {
		s.markMatch()
	}
	return s.toks, s.errs, s.fatal
}

func (s *scanner) pos() lexer.Position {
	return lexer.Position{Filename: s.file, Offset: s.off, Line: s.line, Column: s.off - s.lineStart + 1}
}

func (s *scanner) irPos(p lexer.Position) ir.Pos {
	return ir.Pos{File: s.file, Line: p.Line, Col: p.Column}
}

func (s *scanner) errorf(p lexer.Position, fatal bool, format string, args ...any) {
	s.errs = append(s.errs, ir.Errorf(s.irPos(p), format, args...))
	if fatal {
		s.fatal = true
	}
}

func (s *scanner) peekAt(i int) byte {
	if s.off+i < len(s.src) {
		return s.src[s.off+i]
	}
	return 0
}

// newlineLen is the length of the newline at src[i:] (\n, \r\n or \r), or 0.
func (s *scanner) newlineLen(i int) int {
	if i >= len(s.src) {
		return 0
	}
	switch s.src[i] {
	case '\n':
		return 1
	case '\r':
		if i+1 < len(s.src) && s.src[i+1] == '\n' {
			return 2
		}
		return 1
	}
	return 0
}

// newline consumes a newline of length n.
func (s *scanner) newline(n int) {
	s.off += n
	s.line++
	s.lineStart = s.off
}

func (s *scanner) emit(typ lexer.TokenType, val string, p lexer.Position) {
	if len(s.toks) > 0 && typ == tKeyword {
		last := &s.toks[len(s.toks)-1]
		if last.Type == tKeyword && (last.Value == "not" && val == "in" || last.Value == "is" && val == "not") {
			last.Value += " " + val
			s.lastEnd, s.lastLine, s.lastBOL = s.off, s.line, s.lineStart
			return
		}
	}
	s.countNesting(typ, val, p)
	s.toks = append(s.toks, lexer.Token{Type: typ, Value: val, Pos: p})
	s.lastEnd, s.lastLine, s.lastBOL = s.off, s.line, s.lineStart
	s.lineToks = true
}

// countNesting counts the operators that make the parser recurse: prefix
// operators, `**`, lambda, yield and conditional expressions.
func (s *scanner) countNesting(typ lexer.TokenType, val string, p lexer.Position) {
	prefix := true // the previous token cannot end an operand
	first := true  // the token starts a logical line
	if n := len(s.toks); n > 0 {
		last := s.toks[n-1]
		first = last.Type == tNewline || last.Type == tIndent || last.Type == tDedent
		switch last.Type {
		case tIdent, tNumber, tString:
			prefix = false
		case tKeyword:
			prefix = last.Value != "True" && last.Value != "False" && last.Value != "None"
		case tOp:
			prefix = last.Value != ")" && last.Value != "]" && last.Value != "}" && last.Value != "..."
		}
	}
	switch val {
	case "-", "+", "~", "*":
		if !prefix || typ != tOp {
			return
		}
	case "**", "not", "await", "lambda", "yield", "if":
		if val == "if" && first {
			return
		}
	default:
		return
	}
	s.nesting++
	if s.nesting == maxNesting {
		s.errorf(p, true, "too many nested expressions")
	}
}

func (s *scanner) run() {
	if bytes.HasPrefix(s.src, []byte("\xef\xbb\xbf")) {
		s.off = 3
		s.lineStart = 3
	}
	if !s.checkEncoding() {
		return
	}
	for !s.fatal {
		if s.bol && len(s.brackets) == 0 {
			if !s.indentation() {
				break
			}
			continue
		}
		// Skip blanks.
		for s.off < len(s.src) && (s.src[s.off] == ' ' || s.src[s.off] == '\t' || s.src[s.off] == '\f') {
			s.off++
		}
		if s.off >= len(s.src) {
			break
		}
		c := s.src[s.off]
		switch {
		case c == '#':
			s.skipComment()
		case c == '\n' || c == '\r':
			s.newline(s.newlineLen(s.off))
			if len(s.brackets) == 0 {
				s.endLine()
			}
		case c == '\\':
			n := s.newlineLen(s.off + 1)
			switch {
			case n > 0 && s.off+1+n < len(s.src):
				s.off++
				s.newline(n)
			case n > 0 || s.off+1 >= len(s.src):
				s.errorf(s.pos(), true, "unexpected EOF while parsing")
			default:
				s.errorf(s.pos(), true, "unexpected character after line continuation character")
			}
		case c >= '0' && c <= '9' || c == '.' && s.peekAt(1) >= '0' && s.peekAt(1) <= '9':
			s.number()
		case c == '\'' || c == '"':
			s.string(s.off)
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf:
			s.word()
		default:
			s.operator()
		}
	}
	if s.fatal {
		return
	}
	if n := len(s.brackets); n > 0 {
		b := s.brackets[n-1]
		s.errorf(b.pos, true, "'%c' was never closed", b.c)
		return
	}
	s.endLine()
	eof := s.pos()
	for len(s.indents) > 1 {
		s.indents = s.indents[:len(s.indents)-1]
		s.toks = append(s.toks, lexer.Token{Type: tDedent, Pos: eof})
	}
	s.toks = append(s.toks, lexer.Token{Type: lexer.EOF, Value: "", Pos: eof})
}

// checkEncoding reports invalid UTF-8 and NUL bytes.
func (s *scanner) checkEncoding() bool {
	if utf8.Valid(s.src) && bytes.IndexByte(s.src, 0) < 0 {
		return true
	}
	p := s.pos()
	for i := s.off; i < len(s.src); {
		r, n := utf8.DecodeRune(s.src[i:])
		switch {
		case r == 0:
			s.errorf(p, true, "source code cannot contain null bytes")
			return false
		case r == utf8.RuneError && n == 1:
			s.errorf(p, true, "invalid UTF-8 byte 0x%02x", s.src[i])
			return false
		}
		if l := s.newlineLen(i); l > 0 {
			i += l
			p.Line++
			p.Column = 1
		} else {
			i += n
			p.Column += n
		}
		p.Offset = i
	}
	return true
}

// endLine ends a logical line.
func (s *scanner) endLine() {
	if s.lineToks {
		end := lexer.Position{Filename: s.file, Offset: s.lastEnd, Line: s.lastLine, Column: s.lastEnd - s.lastBOL + 1}
		s.toks = append(s.toks, lexer.Token{Type: tNewline, Value: "\n", Pos: end})
	}
	s.lineToks = false
	s.bol = true
	s.nesting = 0
}

func (s *scanner) skipComment() {
	for s.off < len(s.src) && s.src[s.off] != '\n' && s.src[s.off] != '\r' {
		s.off++
	}
}

// indentation reads the indentation of a line. Blank and comment-only
// lines are skipped; otherwise INDENT and DEDENT tokens are emitted. It
// reports false at the end of the source.
func (s *scanner) indentation() bool {
	col, alt := 0, 0
	for s.off < len(s.src) {
		switch s.src[s.off] {
		case ' ':
			col++
			alt++
		case '\t':
			col = (col/8 + 1) * 8
			alt++
		case '\f':
			col, alt = 0, 0
		default:
			goto done
		}
		s.off++
	}
done:
	if s.off >= len(s.src) {
		return false
	}
	switch c := s.src[s.off]; {
	case c == '#':
		s.skipComment()
		return true
	case c == '\n' || c == '\r':
		s.newline(s.newlineLen(s.off))
		return true
	}
	return s.indentLine(col, alt)
}

// indentLine handles the indentation of a line that has tokens. A tab
// error is reported at the line's first column, as by CPython; the other
// errors at its first token.
func (s *scanner) indentLine(col, alt int) bool {
	s.bol = false
	p := s.pos()
	bol := lexer.Position{Filename: s.file, Offset: s.lineStart, Line: s.line, Column: 1}
	top := s.indents[len(s.indents)-1]
	switch {
	case col == top.col:
		if alt != top.alt {
			s.errorf(bol, true, "inconsistent use of tabs and spaces in indentation")
		}
	case col > top.col:
		if len(s.indents) > maxIndent {
			s.errorf(p, true, "too many levels of indentation")
			return false
		}
		if alt <= top.alt {
			s.errorf(bol, true, "inconsistent use of tabs and spaces in indentation")
			return false
		}
		s.indents = append(s.indents, indentLevel{col, alt})
		s.toks = append(s.toks, lexer.Token{Type: tIndent, Pos: p})
	default:
		for len(s.indents) > 1 && col < s.indents[len(s.indents)-1].col {
			s.indents = s.indents[:len(s.indents)-1]
			s.toks = append(s.toks, lexer.Token{Type: tDedent, Pos: p})
		}
		top = s.indents[len(s.indents)-1]
		if col != top.col {
			s.errorf(p, true, "unindent does not match any outer indentation level")
		} else if alt != top.alt {
			s.errorf(bol, true, "inconsistent use of tabs and spaces in indentation")
		}
	}
	return !s.fatal
}

func isIdentStart(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)
}

func isIdentContinue(r rune) bool {
	return isIdentStart(r) || unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Pc, unicode.Other_ID_Continue)
}

// word lexes a name, a keyword or a prefixed string literal.
func (s *scanner) word() {
	start := s.off
	p := s.pos()
	for s.off < len(s.src) {
		c := s.src[s.off]
		if c < utf8.RuneSelf {
			if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				s.off++
				continue
			}
			break
		}
		r, n := utf8.DecodeRune(s.src[s.off:])
		if s.off == start && !isIdentStart(r) || !isIdentContinue(r) {
			break
		}
		s.off += n
	}
	if s.off == start {
		r, _ := utf8.DecodeRune(s.src[s.off:])
		s.errorf(p, true, "invalid character '%c' (U+%04X)", r, r)
		return
	}
	w := s.src[start:s.off]
	if c := s.peekAt(0); (c == '\'' || c == '"') && len(w) <= 2 && isStringPrefix(string(w)) {
		s.off = start
		s.string(start)
		return
	}
	if k, ok := pyKeywords[string(w)]; ok {
		s.emit(tKeyword, k, p)
		return
	}
	name, ok := s.names[string(w)]
	if !ok {
		name = string(w)
		s.names[name] = name
	}
	s.emit(tIdent, name, p)
}

func isStringPrefix(w string) bool {
	switch strings.ToLower(w) {
	case "r", "u", "b", "f", "br", "rb", "fr", "rf":
		return true
	}
	return false
}

func isBaseDigit(c byte, base int) bool {
	switch base {
	case 2:
		return c == '0' || c == '1'
	case 8:
		return c >= '0' && c <= '7'
	case 16:
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
	}
	return c >= '0' && c <= '9'
}

// digits consumes digits of base with single underscores between them
// (after a base prefix, one underscore may come first). It reports
// whether the run was well formed and non-empty.
func (s *scanner) digits(base int, leadingUnderscore bool) bool {
	n := 0
	for {
		if s.peekAt(0) == '_' && (n > 0 || leadingUnderscore) {
			if !isBaseDigit(s.peekAt(1), base) {
				return false
			}
			s.off++
		}
		if s.off >= len(s.src) || !isBaseDigit(s.src[s.off], base) {
			return n > 0
		}
		s.off++
		n++
	}
}

func (s *scanner) number() {
	start := s.off
	p := s.pos()
	bad := func(format string, args ...any) {
		s.errorf(p, true, format, args...)
	}
	if s.src[s.off] == '0' {
		base, name := 0, ""
		switch s.peekAt(1) {
		case 'x', 'X':
			base, name = 16, "hexadecimal"
		case 'o', 'O':
			base, name = 8, "octal"
		case 'b', 'B':
			base, name = 2, "binary"
		}
		if base != 0 {
			s.off += 2
			ok := s.digits(base, true)
			if c := s.peekAt(0); c < utf8.RuneSelf && (c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') || c >= utf8.RuneSelf || !ok {
				if c >= '0' && c <= '9' {
					s.errorf(s.pos(), true, "invalid digit '%c' in %s literal", c, name)
				} else {
					s.errorf(lexer.Position{Filename: p.Filename, Offset: p.Offset + 1, Line: p.Line, Column: p.Column + 1}, true, "invalid %s literal", name)
				}
				return
			}
			text := string(s.src[start:s.off])
			if _, err := strconv.ParseInt(strings.ReplaceAll(text[2:], "_", ""), base, 64); err != nil {
				s.errorf(p, false, "integer literal too large")
			}
			s.emit(tNumber, text, p)
			return
		}
	}
	isFloat := false
	if s.src[s.off] != '.' {
		if !s.digits(10, false) {
			bad("invalid decimal literal")
			return
		}
	}
	if s.peekAt(0) == '.' {
		isFloat = true
		s.off++
		if isBaseDigit(s.peekAt(0), 10) && !s.digits(10, false) {
			bad("invalid decimal literal")
			return
		}
	}
	if c := s.peekAt(0); c == 'e' || c == 'E' {
		save := s.off
		s.off++
		if c := s.peekAt(0); c == '+' || c == '-' {
			s.off++
		}
		if !isBaseDigit(s.peekAt(0), 10) {
			s.off = save
			bad("invalid decimal literal")
			return
		}
		if !s.digits(10, false) {
			bad("invalid decimal literal")
			return
		}
		isFloat = true
	}
	imag := false
	if c := s.peekAt(0); c == 'j' || c == 'J' {
		s.off++
		imag = true
	}
	if c := s.peekAt(0); c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf {
		bad("invalid decimal literal")
		return
	}
	text := string(s.src[start:s.off])
	if !isFloat && !imag {
		digits := strings.ReplaceAll(text, "_", "")
		if len(digits) > 1 && digits[0] == '0' && strings.Trim(digits, "0") != "" {
			bad("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
			return
		}
		// 2**63 is the literal of -9223372036854775808; the parser
		// refuses it elsewhere (minInt64Literal).
		if _, err := strconv.ParseInt(digits, 10, 64); err != nil && digits != minInt64Digits {
			s.errorf(p, false, "integer literal too large")
		}
	}
	s.emit(tNumber, text, p)
}

// string lexes a string literal whose prefix starts at start.
func (s *scanner) string(start int) {
	p := s.pos()
	for s.src[s.off] != '\'' && s.src[s.off] != '"' {
		s.off++
	}
	prefix := strings.ToLower(string(s.src[start:s.off]))
	q := s.src[s.off]
	triple := s.peekAt(1) == q && s.peekAt(2) == q
	if triple {
		s.off += 3
	} else {
		s.off++
	}
	for {
		if s.off >= len(s.src) {
			if triple {
				line := s.line
				if s.off > 0 && (s.src[s.off-1] == '\n' || s.src[s.off-1] == '\r') {
					line-- // the line of the last character
				}
				s.errorf(p, true, "unterminated triple-quoted string literal (detected at line %d)", line)
			} else {
				s.errorf(p, true, "unterminated string literal (detected at line %d)", s.line)
			}
			return
		}
		c := s.src[s.off]
		if c == '\\' {
			s.off++
			if n := s.newlineLen(s.off); n > 0 {
				s.newline(n)
			} else if s.off < len(s.src) {
				s.off++
			}
			continue
		}
		if n := s.newlineLen(s.off); n > 0 {
			if !triple {
				s.errorf(p, true, "unterminated string literal (detected at line %d)", s.line)
				return
			}
			s.newline(n)
			continue
		}
		s.off++
		if c == q && (!triple || s.off+1 < len(s.src) && s.src[s.off] == q && s.src[s.off+1] == q) {
			if triple {
				s.off += 2
			}
			break
		}
	}
	text := string(s.src[start:s.off])
	if !strings.ContainsAny(prefix, "bfr") {
		if _, at, msg := decodeString(text); msg != "" {
			s.errorf(s.posIn(p, text, at), false, "%s", msg)
		}
	}
	s.emit(tString, text, p)
}

// posIn is the position of byte at of text, a token at p.
func (s *scanner) posIn(p lexer.Position, text string, at int) lexer.Position {
	nl := strings.LastIndexAny(text[:at], "\n\r")
	p.Line += strings.Count(text[:at], "\n") + strings.Count(text[:at], "\r") - strings.Count(text[:at], "\r\n")
	if nl >= 0 {
		p.Column = at - nl
	} else {
		p.Column += at
	}
	p.Offset += at
	return p
}

// decodeString decodes a str literal (with an optional r or u prefix):
// its value, and the offset and message of the first bad escape.
func decodeString(text string) (val string, at int, msg string) {
	i := strings.IndexAny(text, `'"`)
	raw := strings.ContainsAny(text[:i], "rR")
	q := text[i]
	n := 1
	if len(text) >= i+6 && text[i+1] == q && text[i+2] == q {
		n = 3
	}
	body := text[i+n : len(text)-n]
	base := i + n
	if raw || strings.IndexByte(body, '\\') < 0 && strings.IndexByte(body, '\r') < 0 {
		return normalizeNewlines(body), 0, ""
	}
	var b strings.Builder
	for j := 0; j < len(body); j++ {
		c := body[j]
		if c == '\r' {
			b.WriteByte('\n')
			if j+1 < len(body) && body[j+1] == '\n' {
				j++
			}
			continue
		}
		if c != '\\' || j+1 >= len(body) {
			b.WriteByte(c)
			continue
		}
		esc := j
		j++
		switch c := body[j]; c {
		case '\n':
		case '\r':
			if j+1 < len(body) && body[j+1] == '\n' {
				j++
			}
		case '\\', '\'', '"':
			b.WriteByte(c)
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := 0
			k := j
			for ; k < len(body) && k < j+3 && body[k] >= '0' && body[k] <= '7'; k++ {
				v = v*8 + int(body[k]-'0')
			}
			b.WriteRune(rune(v))
			j = k - 1
		case 'x', 'u', 'U':
			width, name := 2, `\xXX`
			if c == 'u' {
				width, name = 4, `\uXXXX`
			} else if c == 'U' {
				width, name = 8, `\UXXXXXXXX`
			}
			hex := body[j+1 : min(j+1+width, len(body))]
			if !isHexDigits(hex, width) {
				if msg == "" {
					at, msg = base+esc, "truncated "+name+" escape"
				}
				continue
			}
			v, _ := strconv.ParseUint(hex, 16, 32)
			if v > unicode.MaxRune {
				if msg == "" {
					at, msg = base+esc, "illegal Unicode character"
				}
			} else {
				b.WriteRune(rune(v))
			}
			j += width
		case 'N':
			if msg == "" {
				at, msg = base+esc, `\N{...} escapes are not supported`
			}
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String(), at, msg
}

func isHexDigits(s string, width int) bool {
	if len(s) != width {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isBaseDigit(s[i], 16) {
			return false
		}
	}
	return true
}

func normalizeNewlines(s string) string {
	if strings.IndexByte(s, '\r') < 0 {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

func (s *scanner) operator() {
	p := s.pos()
	c := s.src[s.off]
	op := operatorAt(s.src[s.off:])
	switch {
	case op == "" && c == '!':
		s.errorf(p, true, "invalid syntax")
		return
	case op == "":
		s.errorf(p, true, "invalid character '%c' (U+%04X)", rune(c), c)
		return
	}
	switch c {
	case '(', '[', '{':
		if len(s.brackets) >= maxParens {
			s.errorf(p, true, "too many nested parentheses")
			return
		}
		s.brackets = append(s.brackets, openBracket{c, p})
	case ')', ']', '}':
		n := len(s.brackets)
		if n == 0 {
			s.errorf(p, true, "unmatched '%c'", c)
			return
		}
		if open := s.brackets[n-1]; open.c != openingOf[c] {
			if open.pos.Line != p.Line {
				s.errorf(p, true, "openingOf parenthesis '%c' does not match opening parenthesis '%c' on line %d", c, open.c, open.pos.Line)
			} else {
				s.errorf(p, true, "openingOf parenthesis '%c' does not match opening parenthesis '%c'", c, open.c)
			}
			return
		}
		s.brackets = s.brackets[:n-1]
	}
	s.off += len(op)
	s.emit(tOp, op, p)
}

// markMatch gives the Keyword type to each `match` that starts a match
// statement: a logical line `match ...:` followed by an indented `case`.
func (s *scanner) markMatch() {
	t := s.toks
	for i := range t {
		if t[i].Type != tIdent || t[i].Value != "match" {
			continue
		}
		if i > 0 && t[i-1].Type != tNewline && t[i-1].Type != tIndent && t[i-1].Type != tDedent {
			continue
		}
		j := i + 1
		for j < len(t) && t[j].Type != tNewline && t[j].Type != lexer.EOF {
			j++
		}
		if j+2 < len(t) && t[j-1].Value == ":" && t[j-1].Type == tOp && t[j+1].Type == tIndent &&
			t[j+2].Type == tIdent && t[j+2].Value == "case" && j > i+2 {
			t[i].Type = tKeyword
		}
	}
}

// pyLexer is the participle lexer.Definition of Python source.
type pyLexer struct{}

func (pyLexer) Symbols() map[string]lexer.TokenType { return tokenSymbols }

func (d pyLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexBytes(filename, src)
}

func (pyLexer) LexBytes(filename string, src []byte) (lexer.Lexer, error) {
	toks, errs, _ := tokenize(filename, src)
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return &tokenList{toks: toks}, nil
}

func (d pyLexer) LexString(filename string, src string) (lexer.Lexer, error) {
	return d.LexBytes(filename, []byte(src))
}

// tokenList is a lexer.Lexer over tokens already read.
type tokenList struct {
	toks []lexer.Token
	i    int
}

func (l *tokenList) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return l.toks[len(l.toks)-1], nil
	}
	t := l.toks[l.i]
	l.i++
	return t, nil
}
