#!/usr/bin/env python3
"""Runs a command on a real pseudo-terminal, as a person at a terminal would:
waits for its password prompt, waits until the terminal stops echoing (the
line discipline echoes whatever is typed while ECHO is on, so typing before
the program turned it off would show the password whatever the program does),
types the password and Enter, and prints everything the terminal showed.

Usage: tty_run.py PASSWORD COMMAND [ARG...]; exits with the command's status.
A program that never prompts or never turns the echo off is typed at anyway
after a while, so the transcript shows what it did instead of hanging.
"""
import os
import pty
import select
import sys
import termios
import time

PATIENCE = 10.0


def echoing(fd):
    # On Linux a pty master's attributes are its slave's.
    return bool(termios.tcgetattr(fd)[3] & termios.ECHO)


def main():
    secret = sys.argv[1].encode() + b"\n"
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(sys.argv[2], sys.argv[2:])
    shown = b""
    typed = False
    since = time.monotonic()
    while True:
        if not typed and b"Password" in shown:
            while echoing(fd) and time.monotonic() - since < PATIENCE:
                time.sleep(0.01)
            os.write(fd, secret)
            typed = True
        ready, _, _ = select.select([fd], [], [], PATIENCE)
        if not ready:
            if typed:
                os.kill(pid, 9)
                break
            os.write(fd, secret)
            typed = True
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            # EIO: the command ended and closed the terminal.
            break
        if not chunk:
            break
        shown += chunk
    _, status = os.waitpid(pid, 0)
    sys.stdout.buffer.write(shown)
    sys.exit(os.waitstatus_to_exitcode(status))


main()
