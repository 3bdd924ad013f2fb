@_exported import ShellProbes
