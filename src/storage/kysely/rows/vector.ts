// Vectors are stored as little-endian float32 bytes (BLOB / BYTEA).

export function fromVector(vector: Float32Array): Uint8Array {
  return new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
}

export function toVector(bytes: Uint8Array): Float32Array {
  // Copy: the driver's buffer may be pooled or unaligned for a Float32Array view.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}
