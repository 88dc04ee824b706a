//! Who may write what: board tokens and deputies' codes.
//!
//! - A **board token** opens one board of one round of one section and nothing else. It is
//!   the HMAC-SHA256 of the board's place under the event's venue secret, so that it can
//!   be printed again (slips, board cards) without being stored, and a restart keeps every
//!   printed token valid. 80 bits: at the server's rate limit for failed codes, guessing
//!   one takes longer than any event lasts.
//! - A **deputy's code** (a helper's or deputy arbiter's) is random, from the operating
//!   system's CSPRNG, shown once when made and stored only as its SHA-256 hash; it carries
//!   a scope (a section and a range of boards), rights and an expiry, and can be revoked.
//!
//! Every comparison is in constant time (`subtle`): the time an answer takes says nothing
//! about how much of a guess was right.

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The letters codes are written with: Crockford's base 32 (digits and lower-case letters
/// without `i l o u`), 5 bits each; `i` and `l` typed are read as `1`, `o` as `0`.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// Letters of a board token (5 bits each: 80 bits).
pub(crate) const BOARD_TOKEN_LEN: usize = 16;

/// Letters of a deputy's code (5 bits each: 60 bits; the issue asks for at least 8).
pub(crate) const DEPUTY_CODE_LEN: usize = 12;

/// The event's venue secret: 32 bytes from the CSPRNG, kept beside the event file (never
/// in it: an event file sent to the federation must not let anyone forge a board token).
#[derive(Clone, PartialEq, Eq)]
pub struct Secret([u8; 32]);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl Secret {
    /// A new secret from the operating system's CSPRNG.
    pub(crate) fn generate() -> Result<Secret, getrandom::Error> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)?;
        Ok(Secret(bytes))
    }

    /// The token of a board: section (from 0), round, board (from 1).
    pub fn board_token(&self, section: usize, round: u32, board: usize) -> String {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(format!("swiss-arbiter board/{section}/{round}/{board}").as_bytes());
        encode(&mac.finalize().into_bytes(), BOARD_TOKEN_LEN)
    }

    /// Whether `token` is the token of that board, compared in constant time.
    pub(crate) fn is_board_token(
        &self,
        token: &str,
        section: usize,
        round: u32,
        board: usize,
    ) -> bool {
        let expected = self.board_token(section, round, board);
        expected
            .as_bytes()
            .ct_eq(normalise(token).as_bytes())
            .into()
    }
}

impl Serialize for Secret {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex(&self.0))
    }
}

impl<'de> Deserialize<'de> for Secret {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Secret, D::Error> {
        let text = String::deserialize(d)?;
        let bytes = unhex(&text).ok_or_else(|| serde::de::Error::custom("a bad venue secret"))?;
        let bytes: [u8; 32] = bytes
            .try_into()
            .map_err(|_| serde::de::Error::custom("a venue secret has 32 bytes"))?;
        Ok(Secret(bytes))
    }
}

/// A new deputy's code from the CSPRNG, as typed (no separators).
pub(crate) fn new_deputy_code() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; DEPUTY_CODE_LEN];
    getrandom::fill(&mut bytes)?;
    // One letter per byte, 5 of its bits: uniform over the 32 letters.
    Ok(bytes
        .iter()
        .map(|b| ALPHABET[usize::from(b & 31)] as char)
        .collect())
}

/// The SHA-256 of a code as typed (after [`normalise`]), as stored.
pub(crate) fn code_hash(code: &str) -> String {
    hex(&Sha256::digest(normalise(code).as_bytes()))
}

/// Whether `code` hashes to `hash`, in constant time.
pub(crate) fn matches_hash(code: &str, hash: &str) -> bool {
    code_hash(code).as_bytes().ct_eq(hash.as_bytes()).into()
}

/// A code as typed on a phone: case, spaces and dashes ignored; anything else kept (and
/// then matches nothing). At most 64 characters are looked at.
pub(crate) fn normalise(code: &str) -> String {
    code.chars()
        .take(64)
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_lowercase() {
            'i' | 'l' => '1',
            'o' => '0',
            c => c,
        })
        .collect()
}

/// A code in groups of four for reading aloud or copying: `abcd-efgh-jkmn`.
pub fn grouped(code: &str) -> String {
    code.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// `len` letters of the alphabet from the bytes, 5 bits each.
fn encode(bytes: &[u8], len: usize) -> String {
    let mut out = String::with_capacity(len);
    let mut buffer: u32 = 0;
    let mut bits = 0;
    for &b in bytes {
        buffer = (buffer << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 && out.len() < len {
            bits -= 5;
            out.push(ALPHABET[((buffer >> bits) & 31) as usize] as char);
        }
    }
    out
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_token_opens_its_board_only() {
        let secret = Secret::generate().unwrap();
        let token = secret.board_token(0, 3, 7);
        assert_eq!(token.len(), BOARD_TOKEN_LEN);
        assert!(secret.is_board_token(&token, 0, 3, 7));
        assert!(secret.is_board_token(&token.to_uppercase(), 0, 3, 7));
        for (s, r, b) in [(1, 3, 7), (0, 2, 7), (0, 3, 8), (0, 4, 7)] {
            assert!(!secret.is_board_token(&token, s, r, b), "{s} {r} {b}");
        }
        assert!(!secret.is_board_token("", 0, 3, 7));
        let other = Secret::generate().unwrap();
        assert_ne!(other.board_token(0, 3, 7), token);
    }

    #[test]
    fn the_secret_reads_back_and_never_prints() {
        let secret = Secret::generate().unwrap();
        let text = ron::to_string(&secret).unwrap();
        let back: Secret = ron::from_str(&text).unwrap();
        assert_eq!(back, secret);
        assert_eq!(format!("{secret:?}"), "Secret(..)");
        assert!(ron::from_str::<Secret>("\"abc\"").is_err());
    }

    #[test]
    fn deputy_codes_are_random_and_checked_by_hash() {
        let a = new_deputy_code().unwrap();
        let b = new_deputy_code().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), DEPUTY_CODE_LEN);
        assert!(a.bytes().all(|c| ALPHABET.contains(&c)));
        let hash = code_hash(&a);
        assert!(matches_hash(&a, &hash));
        assert!(matches_hash(&grouped(&a).to_uppercase(), &hash));
        assert_eq!(normalise("IlO o-1"), "11001");
        assert!(!matches_hash(&b, &hash));
        assert!(!matches_hash("", &hash));
    }
}
