/// Whether picture in picture can start now (`isPictureInPicturePossible`).
public enum PictureInPicturePossibility {
    /// Why it cannot; nil when it can. Pure.
    public static func reason(_ state: ShellState) -> String? {
        PictureReducer.impossibility(state)
    }
}
