"""Fixed-size scratch arrays on the stack of a compiled function (no heap, no reference count).

A jit utility shared by the scorers, the engine and the bots. ``np.empty`` / ``np.zeros`` inside
a kernel is a heap allocation: numba's NRT allocates a meminfo and the data (``malloc``), and
frees both when the array's reference count drops to zero; the greedy bot alone would make about
ten of them per decision, for arrays of 2 to 200 entries. :func:`stack_empty` instead reserves
the array in the calling function's stack frame (an LLVM ``alloca`` in its entry block, so a
call in a loop reuses the same slot) and returns an array with a null meminfo, which numba's
reference counting skips (as :func:`mjsim.engine.borrow.unowned`).

Rules of use: the size must be a compile-time constant (an integer literal or a module-level
integer constant); the array lives until the function that created it returns (after LLVM
inlines that function, until its caller returns), so it must never be returned, stored in
another array or kept after the call. Its contents are undefined, as with ``np.empty``:
initialise what is read.
"""

from __future__ import annotations

from numba.core import cgutils, types
from numba.extending import intrinsic


@intrinsic(prefer_literal=True)
def stack_empty(typingctx, n, dtype):  # type: ignore[no-untyped-def]
    """``stack_empty(n, np.int64)``: a C-contiguous 1-D array of ``n`` (a compile-time integer
    constant, ``n >= 1``) uninitialised ``dtype`` values (a numpy scalar type: ``np.int64``,
    ``np.uint8``, ``np.bool_``...) in the caller's stack frame; reshape it for more dimensions
    (``.reshape((4, 2, 6))``, a view)."""
    if not isinstance(n, types.IntegerLiteral) or n.literal_value < 1:
        return None
    if isinstance(dtype, types.NumberClass):
        elem = dtype.instance_type
    elif isinstance(dtype, types.DType):
        elem = dtype.dtype
    else:
        return None
    count = n.literal_value
    arrty = types.Array(elem, 1, "C")

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        llty = context.get_data_type(elem)
        itemsize = context.get_abi_sizeof(llty)
        data = cgutils.alloca_once(
            builder, llty, size=context.get_constant(types.intp, count), name="stack_array"
        )
        ary = context.make_array(arrty)(context, builder)
        context.populate_array(
            ary,
            data=data,
            shape=cgutils.pack_array(builder, [context.get_constant(types.intp, count)]),
            strides=cgutils.pack_array(builder, [context.get_constant(types.intp, itemsize)]),
            itemsize=context.get_constant(types.intp, itemsize),
            meminfo=None,
        )
        return ary._getvalue()

    return arrty(n, dtype), codegen
