extension ShellState {
    /// Takes down what sits over the picture (chrome.overlay or panel, the hint,
    /// the transport bar, a scrub head) because something now covers it all
    /// (the passcode prompt, "Reconnecting…").
    mutating func clearChrome() {
        chrome.overlay = .none
        chrome.hintVisible = false
        chrome.transportVisible = false
        scrub = nil
        segments.contextualAction = nil
    }
}
