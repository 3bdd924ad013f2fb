# Bash completion of the default command: swift-argument-parser completes the
# root command's own options and its subcommands' names only, so
# `tvshell --video <TAB>` offered nothing. Where the root offers the names,
# they are offered for the first word only, and the words go to the default
# command's completion (_tvshell_play) as well.
/^        COMPREPLY\+=\(\$\(compgen -W 'play / && !done {
    print "        [[ \"${COMP_CWORD}\" -eq 1 ]] && " substr($0, 9)
    print "        unparsed_words=(\"${COMP_WORDS[@]:1:${COMP_CWORD}}\")"
    print "        _tvshell_play"
    done = 1
    next
}
{ print }
