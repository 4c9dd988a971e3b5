@testable import SplitJSON

/// The error `JSONParser` throws for `bytes`, or `nil` if they parse.
func jsonError(_ bytes: [UInt8]) -> JSONError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}

func jsonError(_ text: String) -> JSONError? {
    do {
        _ = try JSONParser.parse(text)
        return nil
    } catch {
        return error
    }
}
