# Scid's own Xfcc client, headless: Debian's scid-data correspondence.tcl
# sourced in plain tclsh with tdom, with only the window functions (and
# Scid's database commands, which the Xfcc part does not reach) stubbed.
# It reads its server list as Scid's config dialog writes it, fetches the
# games into PGN files (Xfcc::ProcessAll) and sends a move (Xfcc::Send).
#
# usage: tclsh xfcc_scid.tcl DIR URI USER PASS GAMEID MOVECOUNT MOVE
lassign $argv dir uri user pass gameid movecount move

package require http
package require tdom

set ::scidVersion 4.7.4
set ::scidVersionDate 2023
set scidVersionDate 2023
set ::scidDataDir $dir
set ::scidConfigDir $dir
# Window functions.
proc tk {args} { return x11 }
namespace eval ::splash { proc add {args} {} }
proc tk_messageBox {args} { puts "messagebox: $args" }
namespace eval ::ERROR { proc MessageBox {args} { puts "error: $args" } }
# Scid's own configuration and database commands.
proc scidConfigFile {name} { return [file join $::scidConfigDir $name] }
proc sc_base {args} { return 0 }

# Scid's config dialog writes the server list here before Scid starts.
set rc [open [file join $dir xfccrc] w]
puts $rc "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
puts $rc "<xfcc><server><name>ccgate</name><uri>$uri</uri><user>$user</user><pass>$pass</pass><rating>ICCF</rating></server></xfcc>"
close $rc

source /usr/share/scid/tcl/tools/correspondence.tcl
# The console is a window: its lines go to stdout.
proc ::CorrespondenceChess::updateConsole {line} { puts "console: $line" }

set inbox [file join $dir Inbox]
file mkdir $inbox
::Xfcc::ReadConfig [file join $dir xfccrc]
::Xfcc::ProcessAll $inbox
foreach f [lsort [glob -nocomplain -directory $inbox *.pgn]] {
	puts "pgn: [file tail $f]"
}
foreach g $::Xfcc::xfccstate {
	puts "state: $g"
}
::Xfcc::Send ccgate $gameid $movecount $move "" false false false false
