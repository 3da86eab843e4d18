#if Hummingbird && Emulator
import Testing
@testable import LineLoginServer

@Suite struct LineLoginButtonTests {
    @Test func rendersALinkWithMarkSeparatorAndLabel() {
        let html = LineLoginButton(href: "/login?return_to=/a&b").html
        #expect(html.hasPrefix("<a class=\"line-login-button\" lang=\"en\" href=\"/login?return_to=/a&amp;b\">"))
        #expect(html.contains("<span class=\"line-login-button__mark\" aria-hidden=\"true\"><svg"))
        #expect(html.contains("<span class=\"line-login-button__text\">Log in with LINE</span>"))
        #expect(!html.contains("<img"), "an inline mark, not LINE's logo file")
    }

    @Test func labelsFollowLINEsTexts() {
        #expect(LineLoginButton(href: "/").text == "Log in with LINE")
        #expect(LineLoginButton(href: "/", label: .short).text == "Log in")
        #expect(LineLoginButton(href: "/", language: .japanese).text == "LINEでログイン")
        #expect(LineLoginButton(href: "/", language: .japanese, label: .short).text == "ログイン")
        #expect(
            LineLoginButton(href: "/", label: .custom("<b>Sign in with LINE</b>")).html.contains("&lt;b&gt;Sign in with LINE&lt;/b&gt;"))
        let iconOnly = LineLoginButton(href: "/", label: .iconOnly).html
        #expect(iconOnly.contains("aria-label=\"Log in with LINE\"") && !iconOnly.contains("line-login-button__text"))
    }

    @Test func disabledIsNotALink() {
        let html = LineLoginButton(href: "/login", isDisabled: true).html
        #expect(html.hasPrefix("<span "))
        #expect(html.contains("aria-disabled=\"true\""))
        #expect(!html.contains("href="))
    }

    @Test func stylesFollowTheGuidelines() {
        let css = LineLoginButton.css
        #expect(css.contains("background-color:#06C755"))
        #expect(css.contains("color:#FFFFFF"))
        #expect(css.contains(":hover,.line-login-button.is-hover{background-image:linear-gradient(rgba(0,0,0,0.1),rgba(0,0,0,0.1))}"))
        #expect(css.contains(":active,.line-login-button.is-pressed{background-image:linear-gradient(rgba(0,0,0,0.3),rgba(0,0,0,0.3))}"))
        #expect(css.contains("border-right:1px solid rgba(0,0,0,0.08)"), "the separator")
        #expect(
            css.contains(
                "background-color:rgba(255,255,255,1.0);background-image:none;border-color:rgba(229,229,229,0.6);color:rgba(30,30,30,0.2)"),
            "disabled: white, #E5E5E5 border at 60 %, #1E1E1E text at 20 %")
        #expect(css.contains("border-right-color:rgba(229,229,229,0.6)"), "disabled separator")
        #expect(LineLoginButton(href: "/", previewState: .pressed).html.contains("line-login-button is-pressed"))
    }
}
#endif
