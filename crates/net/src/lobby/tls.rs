//! The lobby's TLS: its own certificate, and the client's pin of it.
//!
//! A lobby makes a self-signed certificate (ECDSA P-256, by rcgen) the
//! first time it runs and keeps it with its key in its data folder, so its
//! identity survives restarts. No certificate authority vouches for it:
//! a client trusts the certificate it sees the first time it talks to a
//! lobby address, keeps its SHA-256 fingerprint ([`PinBook`]) and from
//! then on refuses any other ([`PinCheck`]) with a loud message — the SSH
//! model. The TLS handshake's signature is checked as always (rustls on the
//! ring provider, TLS 1.3 only), so only the holder of the pinned key can
//! answer.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rustls::DigitallySignedStruct;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};

/// The certificate's file in the lobby's folder.
const CERT_FILE: &str = "lobby-cert.der";
/// The key's file (PKCS#8, readable by its owner only).
const KEY_FILE: &str = "lobby-key.der";
/// The pin book's file in the config directory.
const PINS_FILE: &str = "lobby-pins.txt";
/// The name the client puts in the handshake (the pin, not the name, is checked).
pub const TLS_NAME: &str = "chimera-lobby";

/// The crypto provider both ends use: ring.
pub fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// A certificate's SHA-256.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fingerprint(pub [u8; 32]);

impl Fingerprint {
    /// The fingerprint of a DER certificate.
    pub fn of(der: &[u8]) -> Fingerprint {
        let d = ring::digest::digest(&ring::digest::SHA256, der);
        let mut out = [0u8; 32];
        out.copy_from_slice(d.as_ref());
        Fingerprint(out)
    }

    /// Reads [`Fingerprint`]'s text (64 hex digits, colons allowed).
    pub fn parse(text: &str) -> Option<Fingerprint> {
        let hex: String = text.chars().filter(|c| *c != ':').collect();
        if hex.len() != 64 || !hex.is_ascii() {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, b) in out.iter_mut().enumerate() {
            *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(Fingerprint(out))
    }
}

impl fmt::Display for Fingerprint {
    /// `ab:cd:…` (32 pairs of hex digits).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// The lobby's certificate and key.
#[derive(Debug)]
pub struct LobbyIdentity {
    cert: CertificateDer<'static>,
    key: PrivatePkcs8KeyDer<'static>,
}

impl Clone for LobbyIdentity {
    fn clone(&self) -> LobbyIdentity {
        LobbyIdentity {
            cert: self.cert.clone(),
            key: self.key.clone_key(),
        }
    }
}

impl LobbyIdentity {
    /// A new self-signed certificate and key.
    pub fn generate() -> Result<LobbyIdentity, String> {
        let made = rcgen::generate_simple_self_signed(vec![TLS_NAME.to_string()])
            .map_err(|e| format!("cannot make the lobby's certificate: {e}"))?;
        Ok(LobbyIdentity {
            cert: made.cert.der().clone(),
            key: PrivatePkcs8KeyDer::from(made.signing_key.serialize_der()),
        })
    }

    /// The identity kept in `dir`, made (and kept) if there is none; true
    /// when it was made now.
    pub fn load_or_create(dir: &Path) -> Result<(LobbyIdentity, bool), String> {
        let (cert_path, key_path) = (dir.join(CERT_FILE), dir.join(KEY_FILE));
        let cannot = |p: &PathBuf, e: &dyn fmt::Display| format!("{}: {e}", p.display());
        if cert_path.exists() || key_path.exists() {
            let cert = std::fs::read(&cert_path).map_err(|e| cannot(&cert_path, &e))?;
            let key = std::fs::read(&key_path).map_err(|e| cannot(&key_path, &e))?;
            let id = LobbyIdentity {
                cert: CertificateDer::from(cert),
                key: PrivatePkcs8KeyDer::from(key),
            };
            // A broken pair is found now, not at the first client.
            server_config(&id).map_err(|e| {
                format!(
                    "the lobby's certificate in {} cannot be used: {e}",
                    dir.display()
                )
            })?;
            return Ok((id, false));
        }
        let id = LobbyIdentity::generate()?;
        std::fs::create_dir_all(dir).map_err(|e| cannot(&dir.to_path_buf(), &e))?;
        chimera_store::paths::write_atomic(&cert_path, id.cert.as_ref())
            .map_err(|e| cannot(&cert_path, &e))?;
        write_private(&key_path, id.key.secret_pkcs8_der()).map_err(|e| cannot(&key_path, &e))?;
        Ok((id, true))
    }

    /// The certificate's fingerprint (what clients pin).
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint::of(self.cert.as_ref())
    }
}

/// Writes a file only its owner may read.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut f = options.open(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// The lobby's TLS configuration (TLS 1.3, no client certificates).
pub fn server_config(id: &LobbyIdentity) -> Result<Arc<rustls::ServerConfig>, String> {
    let config = rustls::ServerConfig::builder_with_provider(provider())
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(|e| e.to_string())?
        .with_no_client_auth()
        .with_single_cert(
            vec![id.cert.clone()],
            PrivateKeyDer::Pkcs8(id.key.clone_key()),
        )
        .map_err(|e| e.to_string())?;
    Ok(Arc::new(config))
}

/// The client's check of the lobby's certificate: the pinned fingerprint
/// if there is one, any on first use; it remembers what it saw.
#[derive(Debug)]
pub struct PinCheck {
    pinned: Option<Fingerprint>,
    seen: Mutex<Option<Fingerprint>>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl PinCheck {
    /// Accepts only `pinned`, or (None) whatever comes first.
    pub fn new(pinned: Option<Fingerprint>) -> PinCheck {
        PinCheck {
            pinned,
            seen: Mutex::new(None),
            algorithms: provider().signature_verification_algorithms,
        }
    }
    /// The fingerprint the lobby showed, once the handshake got that far.
    pub fn seen(&self) -> Option<Fingerprint> {
        *self.seen.lock().unwrap_or_else(|e| e.into_inner())
    }
    /// Whether the lobby showed a certificate other than the pinned one.
    pub fn changed(&self) -> bool {
        self.pinned.is_some() && self.seen().is_some() && self.seen() != self.pinned
    }
}

impl ServerCertVerifier for PinCheck {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let fp = Fingerprint::of(end_entity.as_ref());
        *self.seen.lock().unwrap_or_else(|e| e.into_inner()) = Some(fp);
        match self.pinned {
            Some(pin) if pin != fp => Err(rustls::Error::General(
                "the lobby's certificate changed".to_string(),
            )),
            _ => Ok(ServerCertVerified::assertion()),
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// The client's TLS configuration around `check`.
pub fn client_config(check: Arc<PinCheck>) -> Result<Arc<rustls::ClientConfig>, String> {
    let config = rustls::ClientConfig::builder_with_provider(provider())
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(|e| e.to_string())?
        .dangerous()
        .with_custom_certificate_verifier(check)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// The lobbies a player has talked to and their certificates'
/// fingerprints: `lobby-pins.txt` in the config directory, one
/// `ADDRESS FINGERPRINT` a line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PinBook(Vec<(String, Fingerprint)>);

impl PinBook {
    /// The book's file in the config directory.
    pub fn default_path() -> Option<PathBuf> {
        chimera_store::paths::config_dir().map(|d| d.join(PINS_FILE))
    }
    /// Reads a book (a missing file is an empty book; unreadable lines are skipped).
    pub fn load(path: &Path) -> PinBook {
        let text =
            chimera_store::read_bounded(path, chimera_store::MAX_CONFIG_BYTES).unwrap_or_default();
        PinBook(
            text.lines()
                .filter_map(|l| {
                    let (addr, fp) = l.trim().split_once(' ')?;
                    Some((addr.to_string(), Fingerprint::parse(fp.trim())?))
                })
                .collect(),
        )
    }
    /// The fingerprint pinned for `lobby`.
    pub fn get(&self, lobby: &str) -> Option<Fingerprint> {
        self.0.iter().find(|(a, _)| a == lobby).map(|(_, f)| *f)
    }
    /// Pins `fp` for `lobby` (replacing any other).
    pub fn set(&mut self, lobby: &str, fp: Fingerprint) {
        self.0.retain(|(a, _)| a != lobby);
        self.0.push((lobby.to_string(), fp));
    }
    /// Writes the book.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let text: String = self.0.iter().map(|(a, f)| format!("{a} {f}\n")).collect();
        chimera_store::paths::write_atomic(path, text.as_bytes())
    }
}
