/// Views draw on the canvas; importing ShellView brings it along.
@_exported import Canvas
