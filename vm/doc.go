// Package vm runs IR graphs: it compiles each graph once into a flat
// instruction sequence over the numbered slots of a frame, and executes
// that with an explicit stack of frames.
//
// # Values
//
// A Value is 16 bytes, passed by value: a pointer to a header that
// starts with the value's Kind, and a 64-bit payload. Ints, floats and
// bools point to static headers and keep their number in the payload, so
// they never allocate; None is the zero Value. Strings, tuples, lists,
// ranges and functions point to a heap object that begins with its
// header. A function is a primitive or a closure: a graph and the
// values of its free variables, captured when the closure is made. A
// tuple, list or closure of up to eight values is one allocation, its
// values stored after its header (value.go). An array (KArray) is
// numpy's ndarray: float64, int64 or bool, row-major and contiguous,
// never 0-d (a result of shape () is a Python scalar); see
// docs/arrays.md.
//
// # Code
//
// A graph is compiled on its first call (see compile.go). Its nodes are
// scheduled in a topological order; each gets a slot of the frame, and
// constants are slots filled when the frame is entered. depend(x, e) is
// an alias of x. The graphs nested in g that are only called, always
// with the same continuation (the blocks of ifs and loops, in the shape
// the frontend produces), are contified: compiled into g's frame, their
// calls become moves and jumps. Other calls push a frame; a call whose
// result is returned reuses the frame (a tail call), so a loop of ten
// million iterations runs in constant space, and deep recursion is
// bounded by Options.MaxDepth, not by the Go stack.
//
// For fib, with the branch graphs of its if contified:
//
//	graph fib(n) {
//	  %1 = lt(n, 2)
//	  %2 = switch(%1, @fib_then, @fib_else)
//	  %3 = %2()
//	  return %3
//	}
//	graph fib_then() in fib { return fib.n }
//	graph fib_else() in fib {
//	  %1 = sub(fib.n, 1)
//	  %2 = @fib(%1)
//	  %3 = sub(fib.n, 2)
//	  %4 = @fib(%3)
//	  %5 = add(%2, %4)
//	  return %5
//	}
//
// compiles to (r0 is n; a "k" opcode takes a constant operand):
//
//	code fib: 1 params, 0 free, 0 consts, 6 slots
//	   0  jltk r0, 2, 1, 2
//	   1  ret r0
//	   2  r1 = subk r0, 1
//	   3  r2 = callg1 @fib(r1)
//	   4  r3 = subk r0, 2
//	   5  r4 = callg1 @fib(r3)
//	   6  r5 = add r2, r4
//	   7  ret r5
//
// A loop `while i < n: s += 1.5; i += 1` becomes three instructions per
// iteration: the loop header and body graphs are contified, their
// parameters are slots updated in place, and the test is repeated at
// the bottom:
//
//	2  jltk r2, 10000000, 3, 6     # while i < 10000000:
//	3  r3 = addk r3, 1.5           #     s += 1.5
//	4  r2 = addk r2, 1             #     i += 1
//	5  jltk r2, 10000000, 3, 6
//
// A function that returns a tuple it builds returns its elements in
// slots to the calls that take the tuple apart (multi.go): a forward
// pass of a recursion returning (value, backpropagator) allocates no
// tuple per call.
//
// # Primitives
//
// Every primitive has a Go implementation in the table prims (prims.go),
// with Python 3 semantics on 64-bit numbers: int overflow is an error;
// see arith.go and seq.go. The hot ones also have opcodes whose int and
// float cases are handled inline by the dispatch loop (exec.go).
//
// # Files
//
//	value.go repr.go       values, Python's repr and str, JSON
//	schedule.go            the order in which a graph's nodes run
//	compile.go emit.go     contification, slots, instructions
//	multi.go               results returned in slots (callm, retn)
//	code.go                the instruction set, disassembly, the checker
//	exec.go fast.go        the dispatch loop and its inlined fast paths
//	call.go                calls and frames: the general case
//	run.go errors.go       the VM and its API; run-time errors, tracebacks
//	prims.go arith.go seq.go ad.go   the primitives
//	array.go arrayprims.go  numpy arrays and slice values; the array prims
//	elementwise.go reduce.go shapeops.go index.go dot.go   their operations
//	blas.go blas_openblas.go  matrix products: gonum, or OpenBLAS (-tags openblas)
//	arrayrepr.go           numpy's str and repr of arrays
//
// # Errors
//
// A run-time error is an *ir.Error at the position of the application
// that failed, with a Trace of the active calls, innermost last, as in a
// Python traceback. A panic inside the VM is a bug: Call recovers it and
// returns an error that says so.
package vm
