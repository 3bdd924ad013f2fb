import Foundation

/// A one-channel lineup ("Live", number 1, `tvg-id` live, playing `url`) and
/// a guide of `programmes` on it, each with a V-chip rating, written into
/// `dir`: the files' paths, for `play LINEUP --guide GUIDE`.
func ratedLiveChannel(in dir: URL, url: String, programmes: [(title: String, start: Double, stop: Double, rating: String)]) throws
    -> (lineup: String, guide: String) {
    let guide = dir.appendingPathComponent("guide.xml")
    let entries = programmes.map { p in
        "<programme channel=\"live\" start=\"\(xmltv(p.start))\" stop=\"\(xmltv(p.stop))\"><title>\(p.title)</title>"
            + "<rating system=\"VCHIP\"><value>\(p.rating)</value></rating></programme>"
    }
    try (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<tv><channel id=\"live\"><display-name>Live</display-name></channel>"] + entries + ["</tv>"])
        .joined(separator: "\n").write(to: guide, atomically: true, encoding: .utf8)
    let lineup = dir.appendingPathComponent("tv.m3u")
    try "#EXTM3U\n#EXTINF:-1 tvg-id=\"live\" tvg-chno=\"1\",Live\n\(url)\n".write(to: lineup, atomically: true, encoding: .utf8)
    return (lineup.path, guide.path)
}
