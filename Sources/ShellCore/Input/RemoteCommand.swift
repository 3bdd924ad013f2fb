/// What a key or remote button asks for, before the current screen gives it a
/// meaning (the Siri Remote model of PRODUCT.md).
public enum RemoteCommand: Equatable, Hashable, Sendable {
    case playPause
    case play
    case pause
    case left
    case right
    case up
    case down
    /// Click / ENTER.
    case select
    /// Menu / ESC / BS.
    case menu
    case frameBack
    case frameForward
    case digit(Int)
    case channelUp
    case channelDown
    case info
    case guide
    case quit
    /// Picture in picture: start it from the player, restore it when up.
    case pictureInPicture
    /// Close the picture.
    case closePicture
    /// Move the picture to the next corner.
    case movePicture
    /// Swap the picture with the full-screen item.
    case swapPicture
    /// Skip the picture back / on.
    case pictureBack
    case pictureForward
    /// "What did they say": back 15 s with subtitles on for that stretch.
    case whatDidTheySay
    /// Back to the live edge of a paused or rewound live channel.
    case live
    /// The guide's grid: a day back / on.
    case dayBack
    case dayForward
    /// Back to the channel watched before this one (`-`, KEY_LAST).
    case previousChannel
    /// Marks or unmarks the focused or playing channel as a favourite
    /// (`f`, KEY_FAVORITES).
    case favourite
    /// The guide's search line (`/`).
    case search
    /// The keys of the screen in front (`?`, KEY_HELP).
    case help
    /// Several live channels at once, or back to one (`M`, KEY_ZOOM).
    case multiview
    /// Records the live channel playing: until its programme's end, or for a
    /// while (`r`, KEY_RECORD).
    case record
    /// The sound a step up / down (`)` / `(`, KEY_VOLUMEUP / KEY_VOLUMEDOWN),
    /// on any screen.
    case volumeUp
    case volumeDown
    /// The sound off, or back on (`*`, KEY_MUTE), on any screen.
    case mute
}
