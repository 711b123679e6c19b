//! The client's side of the control link: one request to a lobby over
//! TLS, its answer, and the pin of the lobby's certificate.
//!
//! Every failure is one sentence naming the lobby and what to do
//! ([`AskError`]): nothing listening, no answer in time, another version,
//! a certificate other than the pinned one (loudly), a connection closed
//! unanswered. A window asks on a thread of its own ([`Asking`]) so that
//! no frame waits on the network.

use std::io::{self, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rustls::pki_types::ServerName;

use super::tls::{Fingerprint, PinBook, PinCheck, TLS_NAME, client_config};
use super::wire::{
    ControlError, LobbyAnswer, LobbyRequest, MAX_ANSWER_BYTES, decode_body, encode_body,
    read_frame, write_frame,
};
use crate::protocol::PROTOCOL_VERSION;

/// The lobby's default port (UDP games, TCP TLS on the same number).
pub const DEFAULT_LOBBY_PORT: u16 = 5860;
/// How long a request may take to connect, and then to be answered.
pub const ASK_TIMEOUT: Duration = Duration::from_secs(3);

/// Why a request to a lobby failed, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AskError {
    /// The machine refused the TCP connection.
    #[error("nothing answers at {0}: is the lobby running there, with that port?")]
    NothingListens(SocketAddr),
    /// No connection or no answer in time.
    #[error(
        "no answer from the lobby at {0} within {1} s: it is down, or a firewall blocks its TCP port"
    )]
    NoAnswer(SocketAddr, u64),
    /// The lobby speaks another protocol version.
    #[error(
        "the lobby at {addr} speaks Chimera network protocol {lobby}, this build speaks {ours}: use the lobby's Chimera version"
    )]
    Version {
        /// The lobby.
        addr: SocketAddr,
        /// Its version.
        lobby: u32,
        /// Ours.
        ours: u32,
    },
    /// The certificate differs from the pinned one.
    #[error(
        "WARNING: THE LOBBY AT {addr} SHOWS A DIFFERENT CERTIFICATE than the one kept from your first visit (kept {pinned}, now {now}). Someone may be between you and the lobby, or its operator made a new certificate; not connecting. If the operator confirms the new one, remove the line for {addr} from {book}"
    )]
    CertificateChanged {
        /// The lobby.
        addr: SocketAddr,
        /// The pinned fingerprint.
        pinned: Fingerprint,
        /// The one shown.
        now: Fingerprint,
        /// The pin book's file.
        book: String,
    },
    /// The connection closed before an answer.
    #[error(
        "the lobby at {0} closed the connection without answering (it may be busy): try again in a moment"
    )]
    Closed(SocketAddr),
    /// The secure link failed otherwise.
    #[error("the secure link to {0} failed: {1} (is it a Chimera lobby?)")]
    Tls(SocketAddr, String),
}

/// A lobby's answer and the certificate it showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyReply {
    /// The answer.
    pub answer: LobbyAnswer,
    /// The certificate's fingerprint.
    pub fingerprint: Fingerprint,
}

/// Asks the lobby at `addr` (this build's version, [`ASK_TIMEOUT`]),
/// accepting only the `pinned` certificate if given.
pub fn ask(
    addr: SocketAddr,
    request: &LobbyRequest,
    pinned: Option<Fingerprint>,
) -> Result<LobbyReply, AskError> {
    ask_as(addr, request, pinned, PROTOCOL_VERSION, ASK_TIMEOUT)
}

/// [`ask`] speaking protocol `version` with `timeout` (tests).
pub fn ask_as(
    addr: SocketAddr,
    request: &LobbyRequest,
    pinned: Option<Fingerprint>,
    version: u32,
    timeout: Duration,
) -> Result<LobbyReply, AskError> {
    let secs = timeout.as_secs().max(1);
    let stream = TcpStream::connect_timeout(&addr, timeout).map_err(|e| match e.kind() {
        io::ErrorKind::ConnectionRefused => AskError::NothingListens(addr),
        _ => AskError::NoAnswer(addr, secs),
    })?;
    let no_answer = |_| AskError::NoAnswer(addr, secs);
    stream.set_read_timeout(Some(timeout)).map_err(no_answer)?;
    stream.set_write_timeout(Some(timeout)).map_err(no_answer)?;
    let check = Arc::new(PinCheck::new(pinned));
    let config = client_config(Arc::clone(&check)).map_err(|e| AskError::Tls(addr, e))?;
    let name = ServerName::try_from(TLS_NAME).map_err(|e| AskError::Tls(addr, e.to_string()))?;
    let conn = rustls::ClientConnection::new(config, name)
        .map_err(|e| AskError::Tls(addr, e.to_string()))?;
    let mut link = rustls::StreamOwned::new(conn, stream);
    let failed = |e: io::Error| -> AskError {
        if check.changed() {
            return AskError::CertificateChanged {
                addr,
                pinned: pinned.unwrap_or(Fingerprint([0; 32])),
                now: check.seen().unwrap_or(Fingerprint([0; 32])),
                book: PinBook::default_path().map_or("the lobby pin book".to_string(), |p| {
                    p.display().to_string()
                }),
            };
        }
        match e.kind() {
            io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => AskError::NoAnswer(addr, secs),
            io::ErrorKind::UnexpectedEof
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::BrokenPipe => AskError::Closed(addr),
            _ => AskError::Tls(addr, e.to_string()),
        }
    };
    write_frame(&mut link, version, &encode_body(request)).map_err(failed)?;
    let body = match read_frame(&mut link, version, MAX_ANSWER_BYTES) {
        Ok(body) => body,
        Err(ControlError::Version(lobby)) => {
            return Err(AskError::Version {
                addr,
                lobby,
                ours: version,
            });
        }
        Err(ControlError::Io(e)) => return Err(failed(e)),
        Err(e) => return Err(AskError::Tls(addr, e.to_string())),
    };
    let answer =
        decode_body::<LobbyAnswer>(&body).map_err(|e| AskError::Tls(addr, e.to_string()))?;
    let _ = link.flush();
    Ok(LobbyReply {
        answer,
        fingerprint: check.seen().unwrap_or(Fingerprint([0; 32])),
    })
}

/// [`ask`] with the pin book at `book` (none: no pinning, every
/// certificate taken): the pinned certificate is required; on the first
/// visit the one shown is kept, and `say` gets a line naming it.
pub fn ask_pinned(
    addr: SocketAddr,
    request: &LobbyRequest,
    book: Option<&Path>,
    say: &mut dyn FnMut(String),
) -> Result<LobbyAnswer, AskError> {
    let key = addr.to_string();
    let pins = book.map(PinBook::load).unwrap_or_default();
    let pinned = pins.get(&key);
    let reply = ask(addr, request, pinned).map_err(|e| match e {
        AskError::CertificateChanged {
            addr, pinned, now, ..
        } => AskError::CertificateChanged {
            addr,
            pinned,
            now,
            book: book.map_or_else(String::new, |p| p.display().to_string()),
        },
        e => e,
    })?;
    if pinned.is_none()
        && let Some(path) = book
    {
        let mut pins = pins;
        pins.set(&key, reply.fingerprint);
        match pins.save(path) {
            Ok(()) => say(format!(
                "first visit to the lobby at {addr}: its certificate (SHA-256 {}) is now kept in {}; you will be warned if it ever changes",
                reply.fingerprint,
                path.display()
            )),
            Err(e) => say(format!(
                "cannot keep the lobby's certificate in {}: {e}",
                path.display()
            )),
        }
    }
    Ok(reply.answer)
}

/// A lobby's address as typed, `ADDRESS[:PORT]` (port
/// [`DEFAULT_LOBBY_PORT`] when none is named); a host name is looked up.
pub fn lobby_address(text: &str) -> Result<SocketAddr, String> {
    crate::transport::address_with_port(text.trim(), DEFAULT_LOBBY_PORT)
}

/// What a request asked on its own thread brought: the lobby it reached,
/// its answer, and what the pin book said (a first visit's certificate).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    /// The lobby's address, looked up.
    pub lobby: SocketAddr,
    /// The answer.
    pub answer: LobbyAnswer,
    /// Lines about the certificate's pin.
    pub said: Vec<String>,
}

/// One request to a lobby asked on a thread of its own, the address
/// looked up there too ([`ask_pinned`] with the pin book at `book`): the
/// caller polls [`Asking::answer`] and never waits. Dropped before the
/// answer, the answer is thrown away.
pub struct Asking {
    answer: Mutex<Receiver<Result<Asked, String>>>,
}

impl Asking {
    /// Asks the lobby at `address` (as typed, see [`lobby_address`]).
    pub fn start(address: &str, request: LobbyRequest, book: Option<PathBuf>) -> Asking {
        let (tx, rx) = channel();
        let address = address.to_string();
        std::thread::spawn(move || {
            let mut said = Vec::new();
            let answer = lobby_address(&address).and_then(|lobby| {
                ask_pinned(lobby, &request, book.as_deref(), &mut |l| said.push(l))
                    .map(|answer| (lobby, answer))
                    .map_err(|e| e.to_string())
            });
            let _ = tx.send(answer.map(|(lobby, answer)| Asked {
                lobby,
                answer,
                said,
            }));
        });
        Asking {
            answer: Mutex::new(rx),
        }
    }

    /// The answer once it is there (`None` while it is on its way).
    pub fn answer(&self) -> Option<Result<Asked, String>> {
        let rx = self.answer.lock().unwrap_or_else(|p| p.into_inner());
        match rx.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(
                "the request to the lobby ended without an answer".into(),
            )),
        }
    }
}
