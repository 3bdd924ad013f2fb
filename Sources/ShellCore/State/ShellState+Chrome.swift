extension ShellState {
    /// Takes down what sits over the picture (overlay or panel, the hint,
    /// the transport bar, a scrub head) because something now covers it all
    /// (the passcode prompt, "Reconnecting…").
    mutating func clearChrome() {
        overlay = .none
        hintVisible = false
        transportVisible = false
        scrub = nil
        contextualAction = nil
    }
}
