import MediaModel
import ShellCore

extension PasscodePrompt {
    /// A prompt with every field given, for stating a state in tests.
    public static func testing(
        purpose: Purpose, item: MediaItem, ratings: [ContentRating], digits: [Int] = [], checking: Int? = nil,
        message: String? = nil, origin: Int? = nil
    ) -> PasscodePrompt {
        var prompt = PasscodePrompt(purpose: purpose, item: item, ratings: ratings)
        prompt.digits = digits
        prompt.checking = checking
        prompt.message = message
        prompt.origin = origin
        return prompt
    }
}
