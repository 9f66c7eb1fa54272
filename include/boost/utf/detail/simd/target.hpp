// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_TARGET_HPP
#define BOOST_UTF_DETAIL_SIMD_TARGET_HPP

// The instruction sets the kernels are compiled for, and the namespace that keeps translation
// units built with different flags apart.
//
// Every function of a kernel set carries its set's BOOST_UTF_TARGET_* attribute, which adds the
// set's extensions to whatever the translation unit's flags already allow: so a kernel needs no
// -m flag, and in a translation unit built for any x86-64 CPU it uses only its level's
// instructions. MSVC compiles intrinsics for any level without attributes; the macros are empty
// there. Kernel entry points are also BOOST_NOINLINE, so that no caller recompiles them for
// other instructions.
//
// Kernels and drivers (algorithm.hpp) are still compiled with the translation unit's own flags
// on top, like any inline code. They live in an inline namespace named after the instruction set
// extensions those flags enable (BOOST_UTF_ISA_NAMESPACE), so that translation units built with
// different flags never share one: otherwise the linker keeps a single copy, and a translation
// unit built for any CPU could end up running a copy compiled for a wider one. Translation units
// built alike share them as usual. The detection of the CPU and the level in use are shared by
// all (dispatch.hpp), and compiled for the baseline (BOOST_UTF_TARGET_BASELINE) whatever the flags.

#include <boost/config.hpp>

#if !defined(BOOST_UTF_NO_SIMD) && (defined(__x86_64__) || defined(_M_X64) || defined(_M_AMD64))
#  define BOOST_UTF_SIMD_X86 1
#else
#  define BOOST_UTF_SIMD_X86 0
#endif

#if BOOST_UTF_SIMD_X86 && (defined(__GNUC__) || defined(__clang__))
#  define BOOST_UTF_TARGET_SSE __attribute__((target("sse3,ssse3,sse4.1")))
#  define BOOST_UTF_TARGET_AVX2 \
      __attribute__((target("sse3,ssse3,sse4.1,sse4.2,popcnt,avx,avx2,bmi,bmi2")))
#  define BOOST_UTF_TARGET_AVX512BW                                                               \
      __attribute__((target("sse3,ssse3,sse4.1,sse4.2,popcnt,avx,avx2,bmi,bmi2,"      \
                            "avx512f,avx512bw,avx512vl")))
#  define BOOST_UTF_TARGET_AVX512VBMI2                                                            \
      __attribute__((target("sse3,ssse3,sse4.1,sse4.2,popcnt,avx,avx2,bmi,bmi2,"      \
                            "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2")))
// The CPU detection and the level in use: code every x86-64 CPU runs, whatever the flags.
#  define BOOST_UTF_TARGET_BASELINE __attribute__((target("arch=x86-64")))
#else
#  define BOOST_UTF_TARGET_BASELINE
#  define BOOST_UTF_TARGET_SSE
#  define BOOST_UTF_TARGET_AVX2
#  define BOOST_UTF_TARGET_AVX512BW
#  define BOOST_UTF_TARGET_AVX512VBMI2
#endif

// Every kernel entry point starts at a 64-byte boundary. A kernel's loop runs at a speed that
// depends on where its branches and jumps fall relative to 32- and 64-byte boundaries, and
// without this the linker of each program places the kernel anew: the same kernel then runs at
// one speed in one program and at another in the next. Aligned, its loop lies where the compiler
// put it relative to the function's start, the same in every program built with that compiler
// and flags.
#if defined(__GNUC__) || defined(__clang__)
#  define BOOST_UTF_KERNEL_PLACEMENT __attribute__((aligned(64)))
#else
#  define BOOST_UTF_KERNEL_PLACEMENT
#endif

// The name of the inline namespace: one fragment per extension the flags enable. With
// BOOST_UTF_NO_SIMD the drivers are other code again, under another name.
#if defined(__GNUC__) || defined(__clang__)
#  if defined(__SSE3__)
#    define BOOST_UTF_ISA_SSE3 _sse3
#  else
#    define BOOST_UTF_ISA_SSE3
#  endif
#  if defined(__SSSE3__)
#    define BOOST_UTF_ISA_SSSE3 _ssse3
#  else
#    define BOOST_UTF_ISA_SSSE3
#  endif
#  if defined(__SSE4_1__)
#    define BOOST_UTF_ISA_SSE4_1 _sse41
#  else
#    define BOOST_UTF_ISA_SSE4_1
#  endif
#  if defined(__SSE4_2__)
#    define BOOST_UTF_ISA_SSE4_2 _sse42
#  else
#    define BOOST_UTF_ISA_SSE4_2
#  endif
#  if defined(__POPCNT__)
#    define BOOST_UTF_ISA_POPCNT _popcnt
#  else
#    define BOOST_UTF_ISA_POPCNT
#  endif
#  if defined(__AVX__)
#    define BOOST_UTF_ISA_AVX _avx
#  else
#    define BOOST_UTF_ISA_AVX
#  endif
#  if defined(__AVX2__)
#    define BOOST_UTF_ISA_AVX2 _avx2
#  else
#    define BOOST_UTF_ISA_AVX2
#  endif
#  if defined(__FMA__)
#    define BOOST_UTF_ISA_FMA _fma
#  else
#    define BOOST_UTF_ISA_FMA
#  endif
#  if defined(__F16C__)
#    define BOOST_UTF_ISA_F16C _f16c
#  else
#    define BOOST_UTF_ISA_F16C
#  endif
#  if defined(__BMI__)
#    define BOOST_UTF_ISA_BMI _bmi
#  else
#    define BOOST_UTF_ISA_BMI
#  endif
#  if defined(__BMI2__)
#    define BOOST_UTF_ISA_BMI2 _bmi2
#  else
#    define BOOST_UTF_ISA_BMI2
#  endif
#  if defined(__LZCNT__)
#    define BOOST_UTF_ISA_LZCNT _lzcnt
#  else
#    define BOOST_UTF_ISA_LZCNT
#  endif
#  if defined(__MOVBE__)
#    define BOOST_UTF_ISA_MOVBE _movbe
#  else
#    define BOOST_UTF_ISA_MOVBE
#  endif
#  if defined(__AVX512F__)
#    define BOOST_UTF_ISA_AVX512F _avx512f
#  else
#    define BOOST_UTF_ISA_AVX512F
#  endif
#  if defined(__AVX512BW__)
#    define BOOST_UTF_ISA_AVX512BW _avx512bw
#  else
#    define BOOST_UTF_ISA_AVX512BW
#  endif
#  if defined(__AVX512VL__)
#    define BOOST_UTF_ISA_AVX512VL _avx512vl
#  else
#    define BOOST_UTF_ISA_AVX512VL
#  endif
#  if defined(__AVX512DQ__)
#    define BOOST_UTF_ISA_AVX512DQ _avx512dq
#  else
#    define BOOST_UTF_ISA_AVX512DQ
#  endif
#  if defined(__AVX512CD__)
#    define BOOST_UTF_ISA_AVX512CD _avx512cd
#  else
#    define BOOST_UTF_ISA_AVX512CD
#  endif
#  if defined(__AVX512VBMI__)
#    define BOOST_UTF_ISA_AVX512VBMI _avx512vbmi
#  else
#    define BOOST_UTF_ISA_AVX512VBMI
#  endif
#  if defined(__AVX512VBMI2__)
#    define BOOST_UTF_ISA_AVX512VBMI2 _avx512vbmi2
#  else
#    define BOOST_UTF_ISA_AVX512VBMI2
#  endif
#  if defined(__AVX512BITALG__)
#    define BOOST_UTF_ISA_AVX512BITALG _avx512bitalg
#  else
#    define BOOST_UTF_ISA_AVX512BITALG
#  endif
#  if defined(__AVX512VPOPCNTDQ__)
#    define BOOST_UTF_ISA_AVX512VPOPCNTDQ _avx512vpopcntdq
#  else
#    define BOOST_UTF_ISA_AVX512VPOPCNTDQ
#  endif
#  if defined(__AVX512VNNI__)
#    define BOOST_UTF_ISA_AVX512VNNI _avx512vnni
#  else
#    define BOOST_UTF_ISA_AVX512VNNI
#  endif
#  if defined(__AVX512IFMA__)
#    define BOOST_UTF_ISA_AVX512IFMA _avx512ifma
#  else
#    define BOOST_UTF_ISA_AVX512IFMA
#  endif
#  if defined(__GFNI__)
#    define BOOST_UTF_ISA_GFNI _gfni
#  else
#    define BOOST_UTF_ISA_GFNI
#  endif
#  if defined(__VAES__)
#    define BOOST_UTF_ISA_VAES _vaes
#  else
#    define BOOST_UTF_ISA_VAES
#  endif
#  if defined(__VPCLMULQDQ__)
#    define BOOST_UTF_ISA_VPCLMULQDQ _vpclmulqdq
#  else
#    define BOOST_UTF_ISA_VPCLMULQDQ
#  endif
#  define BOOST_UTF_ISA_CAT_I(p, a0,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26) p##a0##a1##a2##a3##a4##a5##a6##a7##a8##a9##a10##a11##a12##a13##a14##a15##a16##a17##a18##a19##a20##a21##a22##a23##a24##a25##a26
#  define BOOST_UTF_ISA_CAT(p, a0,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26) BOOST_UTF_ISA_CAT_I(p, a0,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26)
#  define BOOST_UTF_ISA_NAME(p) BOOST_UTF_ISA_CAT(p, BOOST_UTF_ISA_SSE3, BOOST_UTF_ISA_SSSE3, BOOST_UTF_ISA_SSE4_1, BOOST_UTF_ISA_SSE4_2, BOOST_UTF_ISA_POPCNT, BOOST_UTF_ISA_AVX, BOOST_UTF_ISA_AVX2, BOOST_UTF_ISA_FMA, BOOST_UTF_ISA_F16C, BOOST_UTF_ISA_BMI, BOOST_UTF_ISA_BMI2, BOOST_UTF_ISA_LZCNT, BOOST_UTF_ISA_MOVBE, BOOST_UTF_ISA_AVX512F, BOOST_UTF_ISA_AVX512BW, BOOST_UTF_ISA_AVX512VL, BOOST_UTF_ISA_AVX512DQ, BOOST_UTF_ISA_AVX512CD, BOOST_UTF_ISA_AVX512VBMI, BOOST_UTF_ISA_AVX512VBMI2, BOOST_UTF_ISA_AVX512BITALG, BOOST_UTF_ISA_AVX512VPOPCNTDQ, BOOST_UTF_ISA_AVX512VNNI, BOOST_UTF_ISA_AVX512IFMA, BOOST_UTF_ISA_GFNI, BOOST_UTF_ISA_VAES, BOOST_UTF_ISA_VPCLMULQDQ)
#else
#  define BOOST_UTF_ISA_NAME(p) p
#endif
#if BOOST_UTF_SIMD_X86
#  define BOOST_UTF_ISA_NAMESPACE BOOST_UTF_ISA_NAME(isa)
#else
#  define BOOST_UTF_ISA_NAMESPACE BOOST_UTF_ISA_NAME(no_simd)
#endif

#endif // BOOST_UTF_DETAIL_SIMD_TARGET_HPP
