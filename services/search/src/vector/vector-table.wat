(module
  (import "env" "memory" (memory 1))
  ;; Hamming distance of each of `rows` sketches (`words` 64-bit words each, from `sketches`) to the
  ;; sketch at `query`, stored as 16-bit integers from `out` and counted in the 32-bit histogram at `histogram`.
  (func (export "hammingDistances")
    (param $query i32) (param $sketches i32) (param $rows i32) (param $words i32) (param $out i32) (param $histogram i32)
    (local $end i32) (local $queryEnd i32) (local $q i32) (local $distance i32) (local $bin i32)
    (local.set $queryEnd (i32.add (local.get $query) (i32.shl (local.get $words) (i32.const 3))))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $rows) (i32.const 1))))
    (block $done
      (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
      (loop $row
        (local.set $distance (i32.const 0))
        (local.set $q (local.get $query))
        (loop $word
          (local.set $distance
            (i32.add (local.get $distance)
              (i32.wrap_i64 (i64.popcnt (i64.xor (i64.load (local.get $sketches)) (i64.load (local.get $q)))))))
          (local.set $sketches (i32.add (local.get $sketches) (i32.const 8)))
          (local.set $q (i32.add (local.get $q) (i32.const 8)))
          (br_if $word (i32.lt_u (local.get $q) (local.get $queryEnd))))
        (i32.store16 (local.get $out) (local.get $distance))
        (local.set $bin (i32.add (local.get $histogram) (i32.shl (local.get $distance) (i32.const 2))))
        (i32.store (local.get $bin) (i32.add (i32.load (local.get $bin)) (i32.const 1)))
        (local.set $out (i32.add (local.get $out) (i32.const 2)))
        (br_if $row (i32.lt_u (local.get $out) (local.get $end))))))
  ;; hammingDistances for sketches of exactly 4 words (256 dimensions), unrolled, the query held in locals.
  (func (export "hammingDistances4")
    (param $query i32) (param $sketches i32) (param $rows i32) (param $out i32) (param $histogram i32)
    (local $end i32) (local $q0 i64) (local $q1 i64) (local $q2 i64) (local $q3 i64) (local $d i32) (local $bin i32)
    (local.set $q0 (i64.load offset=0 (local.get $query)))
    (local.set $q1 (i64.load offset=8 (local.get $query)))
    (local.set $q2 (i64.load offset=16 (local.get $query)))
    (local.set $q3 (i64.load offset=24 (local.get $query)))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $rows) (i32.const 1))))
    (block $done
      (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
      (loop $row
        (local.set $d (i32.wrap_i64
            (i64.add
              (i64.add (i64.popcnt (i64.xor (i64.load offset=0 (local.get $sketches)) (local.get $q0)))
                       (i64.popcnt (i64.xor (i64.load offset=8 (local.get $sketches)) (local.get $q1))))
              (i64.add (i64.popcnt (i64.xor (i64.load offset=16 (local.get $sketches)) (local.get $q2)))
                       (i64.popcnt (i64.xor (i64.load offset=24 (local.get $sketches)) (local.get $q3)))))))
        (i32.store16 (local.get $out) (local.get $d))
        (local.set $bin (i32.add (local.get $histogram) (i32.shl (local.get $d) (i32.const 2))))
        (i32.store (local.get $bin) (i32.add (i32.load (local.get $bin)) (i32.const 1)))
        (local.set $sketches (i32.add (local.get $sketches) (i32.const 32)))
        (local.set $out (i32.add (local.get $out) (i32.const 2)))
        (br_if $row (i32.lt_u (local.get $out) (local.get $end))))))
  ;; Dot product of the query vector at `query` with each row listed (32-bit row numbers from `rows`,
  ;; `count` of them) of the matrix at `matrix`, rows of `width` floats (a multiple of 4), stored as
  ;; 32-bit floats from `out`.
  (func (export "dotRows")
    (param $matrix i32) (param $query i32) (param $rows i32) (param $count i32) (param $width i32) (param $out i32)
    (local $end i32) (local $stride i32) (local $queryEnd i32) (local $a i32) (local $q i32) (local $sum v128)
    (local.set $stride (i32.shl (local.get $width) (i32.const 2)))
    (local.set $queryEnd (i32.add (local.get $query) (local.get $stride)))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
      (loop $row
        (local.set $a (i32.add (local.get $matrix) (i32.mul (i32.load (local.get $rows)) (local.get $stride))))
        (local.set $q (local.get $query))
        (local.set $sum (v128.const f32x4 0 0 0 0))
        (loop $lane
          (local.set $sum (f32x4.add (local.get $sum) (f32x4.mul (v128.load (local.get $a)) (v128.load (local.get $q)))))
          (local.set $a (i32.add (local.get $a) (i32.const 16)))
          (local.set $q (i32.add (local.get $q) (i32.const 16)))
          (br_if $lane (i32.lt_u (local.get $q) (local.get $queryEnd))))
        (f32.store (local.get $out)
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $sum)) (f32x4.extract_lane 1 (local.get $sum)))
            (f32.add (f32x4.extract_lane 2 (local.get $sum)) (f32x4.extract_lane 3 (local.get $sum)))))
        (local.set $rows (i32.add (local.get $rows) (i32.const 4)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br_if $row (i32.lt_u (local.get $out) (local.get $end))))))
  ;; Row numbers (32-bit, from `out`) of the `rows` distances from `distances` that are at most `cutoff`;
  ;; returns how many. Compares 8 distances at a time.
  (func (export "rowsWithin")
    (param $distances i32) (param $rows i32) (param $cutoff i32) (param $out i32) (result i32)
    (local $row i32) (local $count i32) (local $limit v128) (local $mask i32) (local $end i32)
    (local.set $limit (i16x8.splat (local.get $cutoff)))
    (local.set $end (i32.and (local.get $rows) (i32.const -8)))
    (block $done
      (br_if $done (i32.eqz (local.get $end)))
      (loop $next
        (local.set $mask (i16x8.bitmask (i16x8.le_u (v128.load (local.get $distances)) (local.get $limit))))
        (if (local.get $mask)
          (then
            (loop $bit
              (i32.store (local.get $out) (i32.add (local.get $row) (i32.ctz (local.get $mask))))
              (local.set $out (i32.add (local.get $out) (i32.const 4)))
              (local.set $count (i32.add (local.get $count) (i32.const 1)))
              (local.set $mask (i32.and (local.get $mask) (i32.sub (local.get $mask) (i32.const 1))))
              (br_if $bit (local.get $mask)))))
        (local.set $distances (i32.add (local.get $distances) (i32.const 16)))
        (local.set $row (i32.add (local.get $row) (i32.const 8)))
        (br_if $next (i32.lt_u (local.get $row) (local.get $end)))))
    (block $tail
      (br_if $tail (i32.ge_u (local.get $row) (local.get $rows)))
      (loop $next
        (if (i32.le_u (i32.load16_u (local.get $distances)) (local.get $cutoff))
          (then
            (i32.store (local.get $out) (local.get $row))
            (local.set $out (i32.add (local.get $out) (i32.const 4)))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))))
        (local.set $distances (i32.add (local.get $distances) (i32.const 2)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br_if $next (i32.lt_u (local.get $row) (local.get $rows)))))
    (local.get $count)))
