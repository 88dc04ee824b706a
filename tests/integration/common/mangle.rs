//! Byte-level damage for the fuzz tests: characters replaced, deleted or inserted, the
//! file cut short, a line repeated. Applied to real files, it reaches deep into a reader
//! while staying close to valid input.

use proptest::prelude::*;

/// One change to a file's bytes; indices wrap around the file's length.
#[derive(Clone, Debug)]
pub enum Mangle {
    Replace(usize, u8),
    Delete(usize),
    Insert(usize, u8),
    Cut(usize),
    DuplicateLine(usize),
}

/// Any one change, favouring bytes that matter to text formats.
pub fn mangle() -> impl Strategy<Value = Mangle> {
    let byte = prop_oneof![
        Just(b' '),
        Just(b'0'),
        Just(b'9'),
        Just(b'-'),
        Just(b'+'),
        Just(b'\r'),
        Just(b'\n'),
        Just(b'.'),
        Just(b'('),
        Just(b')'),
        Just(b'['),
        Just(b'"'),
        Just(b','),
        Just(0xC3u8),
        Just(0xFFu8),
        any::<u8>()
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Mangle::Replace(i, b)),
        any::<usize>().prop_map(Mangle::Delete),
        (any::<usize>(), byte).prop_map(|(i, b)| Mangle::Insert(i, b)),
        any::<usize>().prop_map(Mangle::Cut),
        any::<usize>().prop_map(Mangle::DuplicateLine),
    ]
}

/// The bytes with one change applied.
pub fn apply(mut bytes: Vec<u8>, m: &Mangle) -> Vec<u8> {
    if bytes.is_empty() {
        return bytes;
    }
    let n = bytes.len();
    match *m {
        Mangle::Replace(i, b) => bytes[i % n] = b,
        Mangle::Delete(i) => {
            bytes.remove(i % n);
        }
        Mangle::Insert(i, b) => bytes.insert(i % n, b),
        Mangle::Cut(i) => bytes.truncate(i % n),
        Mangle::DuplicateLine(i) => {
            let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
            let line = lines[i % lines.len()].to_vec();
            bytes.extend_from_slice(b"\n");
            bytes.extend_from_slice(&line);
        }
    }
    bytes
}

/// The bytes with every change applied in turn.
pub fn apply_all(bytes: Vec<u8>, mangles: &[Mangle]) -> Vec<u8> {
    mangles.iter().fold(bytes, apply)
}
