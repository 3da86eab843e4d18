#if Emulator
import Foundation

/// Every sentence of the sign-in pages, in the languages `ui_locales` can choose. Kept in one table so a
/// page can't show half its words in another language.
struct PageText: Sendable {
    var loginTitle: String
    var loginHeading: @Sendable (String) -> String
    var emailLabel: String
    var passwordLabel: String
    var logIn: String
    var cancel: String
    var wrongPassword: String
    var testUsers: String
    var useQRCode: String
    var useEmail: String
    var qrTitle: String
    var qrHeading: String
    var qrInstructions: String
    var scanAs: @Sendable (String) -> String
    var continueTitle: String
    var continueAs: @Sendable (String) -> String
    var otherAccount: String
    var signedInBefore: String
    var secondFactorTitle: String
    var secondFactorHeading: String
    var secondFactorLabel: String
    var verify: String
    var wrongCode: String
    var consentTitle: String
    var consentHeading: @Sendable (String) -> String
    var loggedInAs: @Sendable (String) -> String
    var allow: String
    var addFriendOption: @Sendable (String) -> String
    var addFriendTitle: String
    var addFriendHeading: @Sendable (String) -> String
    var addFriendBody: String
    var addFriend: String
    var notNow: String
    var footnote: String
    var scope: @Sendable (String) -> String

    /// The text for `locale`.
    static func of(_ locale: PageLocale) -> PageText {
        switch locale {
        case .english: english
        case .japanese: japanese
        }
    }

    private static let english = PageText(
        loginTitle: "Log in",
        loginHeading: { "Log in to use channel \($0)" },
        emailLabel: "Email address",
        passwordLabel: "Password",
        logIn: "Log in",
        cancel: "Cancel",
        wrongPassword: "The email address or password is incorrect.",
        testUsers: "Test users (select one to sign in as that user):",
        useQRCode: "Log in with QR code",
        useEmail: "Log in with email address",
        qrTitle: "QR code login",
        qrHeading: "Log in with QR code",
        qrInstructions: "Scan this code with LINE on your smartphone. In the emulator, choose who scans it:",
        scanAs: { "Scan as \($0)" },
        continueTitle: "Continue",
        continueAs: { "Continue as \($0)" },
        otherAccount: "Log in with a different account",
        signedInBefore: "You logged in with this browser before.",
        secondFactorTitle: "Verification",
        secondFactorHeading: "Enter your verification code",
        secondFactorLabel: "Verification code",
        verify: "Verify",
        wrongCode: "The verification code is incorrect.",
        consentTitle: "Permissions",
        consentHeading: { "Channel \($0) asks for permission" },
        loggedInAs: { "Logged in as \($0). The channel would like to access:" },
        allow: "Allow",
        addFriendOption: { "Add \($0) as a friend" },
        addFriendTitle: "Add friend",
        addFriendHeading: { "Add \($0) as a friend?" },
        addFriendBody: "You can get news and messages from this official account.",
        addFriend: "Add friend",
        notNow: "Not now",
        footnote: "Local LINE Login v2.1 emulator: no real LINE account is used.",
        scope: { scope in
            switch scope {
            case "profile": "Your profile information (display name, profile picture and status message)"
            case "openid": "Your internal identifier (OpenID Connect ID token)"
            case "email": "Your email address"
            default: scope
            }
        }
    )

    private static let japanese = PageText(
        loginTitle: "ログイン",
        loginHeading: { "チャネル \($0) を利用するにはログインしてください" },
        emailLabel: "メールアドレス",
        passwordLabel: "パスワード",
        logIn: "ログイン",
        cancel: "キャンセル",
        wrongPassword: "メールアドレスまたはパスワードが正しくありません。",
        testUsers: "テストユーザー（選ぶとそのユーザーでログインします）：",
        useQRCode: "QRコードでログイン",
        useEmail: "メールアドレスでログイン",
        qrTitle: "QRコードログイン",
        qrHeading: "QRコードでログイン",
        qrInstructions: "スマートフォンのLINEでこのコードを読み取ってください。エミュレーターでは、読み取るユーザーを選びます：",
        scanAs: { "\($0) として読み取る" },
        continueTitle: "続行",
        continueAs: { "\($0) で続行" },
        otherAccount: "別のアカウントでログイン",
        signedInBefore: "このブラウザーで以前ログインしました。",
        secondFactorTitle: "本人確認",
        secondFactorHeading: "認証コードを入力してください",
        secondFactorLabel: "認証コード",
        verify: "確認",
        wrongCode: "認証コードが正しくありません。",
        consentTitle: "権限の許可",
        consentHeading: { "チャネル \($0) が権限を求めています" },
        loggedInAs: { "\($0) としてログイン中。このチャネルは次の情報へのアクセスを求めています：" },
        allow: "許可する",
        addFriendOption: { "\($0) を友だち追加" },
        addFriendTitle: "友だち追加",
        addFriendHeading: { "\($0) を友だち追加しますか？" },
        addFriendBody: "この公式アカウントからお知らせやメッセージを受け取れます。",
        addFriend: "友だち追加",
        notNow: "今はしない",
        footnote: "ローカルの LINE Login v2.1 エミュレーター：本物の LINE アカウントは使われません。",
        scope: { scope in
            switch scope {
            case "profile": "プロフィール情報（表示名、プロフィール画像、ステータスメッセージ）"
            case "openid": "内部識別子（OpenID Connect の ID トークン）"
            case "email": "メールアドレス"
            default: scope
            }
        }
    )
}
#endif
