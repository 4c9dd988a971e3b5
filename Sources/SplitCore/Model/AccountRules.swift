/// The limits of an account's fields: the cloud schema's columns (`users.email VARCHAR(255)`,
/// `phone VARCHAR(20)`, `display_name VARCHAR(100)`, `auth_tokens.device_name VARCHAR(100)`,
/// `device_id VARCHAR(255)`) and bcrypt's 72 bytes. The server checks them and `openapi.yaml`
/// states them; a test holds the contract to these numbers.
public enum AccountRules {
    public static let emailLimit = 255
    public static let phoneLimit = 20
    public static let displayNameMinimum = 2
    public static let displayNameLimit = NameRules.maxLength
    public static let deviceNameLimit = 100
    public static let deviceIDLimit = 255
    public static let passwordMinimum = 8
    /// bcrypt reads no more than this many bytes of a password.
    public static let passwordMaxBytes = 72
}
