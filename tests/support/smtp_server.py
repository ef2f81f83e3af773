#!/usr/bin/env python3
"""SMTP server for ccgate's tests: aiosmtpd delivering into per-user Maildirs.

    python smtp_server.py --listen 127.0.0.1:PORT --mail-root DIR --control DIR
                          [--tls-cert CRT --tls-key KEY]

Accepts mail for any recipient `user@anything` and delivers one copy per
recipient into `MAIL_ROOT/<user>/Maildir/new/` (tmp/ then rename, like an MTA),
with `Return-Path: <sender>` and `Delivered-To: <rcpt>` prepended and line
endings stored as LF (as postfix and dovecot-lda do). When run as root the
Maildir and the files are chowned to nobody:nogroup, so that a Dovecot whose
userdb says uid=nobody can read and move them.

Failure injection, checked at RCPT time (CONTROL = --control):
  CONTROL/tempfail/<rcpt>  holding N > 0: `451 4.3.0 Try again later`, N-1 written back
  CONTROL/permfail/<rcpt>  (exists): `550 5.1.1 No such user`
Every MAIL, RCPT and DATA outcome is appended to CONTROL/log, one line each:
  <UTC time> <peer> <verb> from=<sender> to=<rcpt,...> -> <reply>[ file=<path>][ ahead=<n>]
where a MAIL line's `ahead` is how many bytes the client had sent after the
MAIL command before it was answered: more than 0 only from a client that
pipelines its commands (RFC 2920).

PIPELINING is offered in EHLO, as real MTAs do, unless CONTROL/no-pipelining
exists (checked at each EHLO).

Ready signal: `READY 127.0.0.1:<port>` on stdout (flushed) once listening;
`--listen 127.0.0.1:0` picks a free port. SIGTERM/SIGINT stop it.
With --tls-cert/--tls-key, STARTTLS is offered (not required).
"""

import argparse
import asyncio
import datetime
import itertools
import os
import signal
import socket
import ssl
import sys
import time

from aiosmtpd.smtp import SMTP

NULL_SENDER = "<>"
HOSTNAME = "ccgate-test.localhost"  # fixed: socket.getfqdn() can stall on DNS


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Owner:
    """Who must own delivered files: nobody:nogroup when we are root."""

    def __init__(self) -> None:
        self.ids = None
        if os.geteuid() == 0:
            import grp
            import pwd

            uid = pwd.getpwnam("nobody").pw_uid
            try:
                gid = grp.getgrnam("nogroup").gr_gid
            except KeyError:
                gid = pwd.getpwnam("nobody").pw_gid
            self.ids = (uid, gid)

    def apply(self, path: str, is_dir: bool) -> None:
        if self.ids is not None:
            os.chown(path, *self.ids)
            os.chmod(path, 0o700 if is_dir else 0o600)
        else:
            # Not root: let any uid (dovecot's nobody) read and move it.
            os.chmod(path, 0o777 if is_dir else 0o666)


class MaildirHandler:
    def __init__(self, mail_root: str, control: str) -> None:
        self.mail_root = mail_root
        self.control = control
        self.log_path = os.path.join(control, "log")
        self.owner = Owner()
        self.counter = itertools.count(1)
        for sub in ("tempfail", "permfail"):
            os.makedirs(os.path.join(control, sub), exist_ok=True)

    # ---- logging -------------------------------------------------------

    def log(self, session, verb: str, sender, rcpts, reply: str, extra: str = "") -> None:
        peer = session.peer[0] + ":" + str(session.peer[1]) if session.peer else "-"
        frm = "<>" if sender in (None, "", NULL_SENDER) else sender
        line = f"{now()} {peer} {verb} from={frm} to={','.join(rcpts)} -> {reply}{extra}\n"
        with open(self.log_path, "a", encoding="utf-8") as f:
            f.write(line)

    # ---- failure injection --------------------------------------------

    def control_file(self, kind: str, rcpt: str):
        for name in (rcpt, rcpt.lower()):
            if "/" in name or name in ("", ".", ".."):
                return None
            path = os.path.join(self.control, kind, name)
            if os.path.exists(path):
                return path
        return None

    def injected_failure(self, rcpt: str):
        path = self.control_file("permfail", rcpt)
        if path is not None:
            return "550 5.1.1 No such user"
        path = self.control_file("tempfail", rcpt)
        if path is not None:
            try:
                with open(path, encoding="utf-8") as f:
                    n = int(f.read().strip() or "0")
            except ValueError:
                n = 0
            if n > 0:
                tmp = path + ".tmp"
                with open(tmp, "w", encoding="utf-8") as f:
                    f.write(f"{n - 1}\n")
                os.replace(tmp, path)
                return "451 4.3.0 Try again later"
        return None

    # ---- SMTP hooks ----------------------------------------------------

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        session.host_name = hostname
        if not os.path.exists(os.path.join(self.control, "no-pipelining")):
            # Before the last line (`250 HELP`), which ends the reply.
            responses.insert(len(responses) - 1, "250-PIPELINING")
        return responses

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        # aiosmtpd tests `if not envelope.mail_from` to mean "no MAIL yet",
        # which would refuse every RCPT after `MAIL FROM:<>`: keep a
        # non-empty marker for the null sender.
        envelope.mail_from = address if address not in ("", None) else NULL_SENDER
        envelope.mail_options.extend(mail_options)
        # What the client sent after MAIL without waiting for its reply:
        # the stream's unread bytes (aiosmtpd reads a line at a time from it).
        ahead = len(getattr(server._reader, "_buffer", b""))
        self.log(session, "MAIL", envelope.mail_from, [], "250 OK", f" ahead={ahead}")
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        local = address.rpartition("@")[0] if "@" in address else address
        if local in ("", ".", "..") or "/" in local or "\0" in local:
            reply = "550 5.1.3 Bad recipient address syntax"
        else:
            reply = self.injected_failure(address) or "250 OK"
        if reply.startswith("250"):
            envelope.rcpt_tos.append(address)
            envelope.rcpt_options.extend(rcpt_options)
        self.log(session, "RCPT", envelope.mail_from, [address], reply)
        return reply

    async def handle_DATA(self, server, session, envelope):
        sender = envelope.mail_from
        return_path = "<>" if sender in (None, "", NULL_SENDER) else f"<{sender}>"
        body = envelope.original_content.replace(b"\r\n", b"\n")
        files = []
        try:
            for rcpt in envelope.rcpt_tos:
                head = f"Return-Path: {return_path}\nDelivered-To: {rcpt}\n".encode("utf-8")
                files.append(self.deliver(rcpt.rpartition("@")[0], head + body))
        except OSError as e:
            reply = f"451 4.3.0 Local delivery failed: {e}"
            self.log(session, "DATA", sender, envelope.rcpt_tos, reply)
            return reply
        reply = "250 OK"
        self.log(session, "DATA", sender, envelope.rcpt_tos, reply, " file=" + ",".join(files))
        return reply

    # ---- Maildir delivery ---------------------------------------------

    def ensure_dir(self, path: str) -> None:
        if not os.path.isdir(path):
            os.makedirs(path, exist_ok=True)
            self.owner.apply(path, True)

    def deliver(self, user: str, data: bytes) -> str:
        home = os.path.join(self.mail_root, user)
        maildir = os.path.join(home, "Maildir")
        self.ensure_dir(home)
        self.ensure_dir(maildir)
        for sub in ("tmp", "new", "cur"):
            self.ensure_dir(os.path.join(maildir, sub))
        t = time.time()
        name = "%d.M%06dP%dQ%d.ccgate-test" % (int(t), int((t % 1) * 1e6), os.getpid(), next(self.counter))
        tmp = os.path.join(maildir, "tmp", name)
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        self.owner.apply(tmp, False)
        final = os.path.join(maildir, "new", name)
        os.rename(tmp, final)
        return final


def parse_listen(value: str):
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit():
        raise argparse.ArgumentTypeError("expected HOST:PORT")
    return host.strip("[]") or "127.0.0.1", int(port)


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", type=parse_listen, required=True, help="HOST:PORT (PORT 0 = any free port)")
    ap.add_argument("--mail-root", required=True)
    ap.add_argument("--control", required=True)
    ap.add_argument("--tls-cert")
    ap.add_argument("--tls-key")
    args = ap.parse_args()
    if bool(args.tls_cert) != bool(args.tls_key):
        ap.error("--tls-cert and --tls-key go together")

    os.makedirs(args.mail_root, exist_ok=True)
    os.makedirs(args.control, exist_ok=True)
    handler = MaildirHandler(os.path.abspath(args.mail_root), os.path.abspath(args.control))

    tls = None
    if args.tls_cert:
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(args.tls_cert, args.tls_key)

    def factory():
        return SMTP(
            handler,
            hostname=HOSTNAME,
            ident="ccgate test SMTP (aiosmtpd)",
            enable_SMTPUTF8=True,
            tls_context=tls,
            require_starttls=False,
            timeout=60,
        )

    loop = asyncio.get_running_loop()
    host, port = args.listen
    server = await loop.create_server(factory, host=host, port=port, reuse_address=True)
    bound = server.sockets[0].getsockname()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    print(f"READY {bound[0]}:{bound[1]}", flush=True)
    await stop.wait()
    server.close()
    await server.wait_closed()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
