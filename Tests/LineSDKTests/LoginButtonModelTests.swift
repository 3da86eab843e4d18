import Foundation
import Testing
@testable import LineLoginPlatform
@testable import LineSDK

/// Every decision of the UIKit and SwiftUI login buttons, on Linux.
@Suite struct LoginButtonModelTests {
    @Test func titleIsLINEsTextInTheLanguageUnlessTheAppSetsOne() {
        #expect(LoginButtonModel().title == "Log in with LINE")
        #expect(LoginButtonModel(language: "ja-JP").title == "LINEでログイン")
        #expect(LoginButtonModel(language: "zh-Hant-TW").title == "與LINE連動")
        #expect(LoginButtonModel(language: "pt-PT").title == "Iniciar sessão com o LINE")
        #expect(LoginButtonModel(language: "pt-BR").title == "Login com o LINE")
        #expect(LoginButtonModel(language: "xx").title == "Log in with LINE", "a language LINE has no text for is English")
        #expect(LoginButtonModel(buttonText: "Continue with LINE", language: "ja").title == "Continue with LINE")
    }

    @Test func metricsAndSizeFollowLINEsButtonConstants() {
        let normal = LoginButtonModel()
        #expect(normal.metrics.iconSide == 44 && normal.metrics.leftPadding == 35)
        #expect(normal.contentSize(titleWidth: 100) == (width: 100 + 44 + 1 + 35 + 35, height: 44))
        #expect(normal.titleInsets == (top: 16, left: 80, bottom: 16, right: 35))
        let small = LoginButtonModel(size: .small)
        #expect(small.contentSize(titleWidth: 50) == (width: 50 + 32 + 1 + 25 + 25, height: 32))
        #expect(small.contentSize(titleWidth: -5).width == 83, "a negative width counts as none")
    }

    @Test func aTapStartsOneLoginAndTheButtonIsDisabledUntilItEnds() {
        var model = LoginButtonModel()
        #expect(model.isEnabled)
        #expect(model.tap() == .startLogin)
        #expect(!model.isEnabled && model.isLoggingIn)
        #expect(model.tap() == .ignore, "a second tap while the login runs does nothing")
        let outcome = model.finish(.failure(.authorizeFailed(reason: .userCancelled)))
        guard case .failure(let error) = outcome else {
            Issue.record("the failure was not reported")
            return
        }
        #expect(error.isUserCancelled)
        #expect(model.isEnabled)
        #expect(model.tap() == .startLogin, "after the login ends a tap starts another")
    }

    @Test func aLoginThatDidNotStartEnablesTheButtonAgain() {
        var model = LoginButtonModel()
        _ = model.tap()
        model.loginDidNotStart()
        #expect(model.isEnabled)
    }

    @Test func theWebButtonReadsTheSameTexts() {
        for language in ["en", "ja", "ko", "de", "es"] {
            #expect(LoginButtonText.title(language: language) == LoginButtonText.texts[language])
        }
    }

    @Test func appearanceFollowsLINEsGuidelinesByState() {
        var model = LoginButtonModel()
        let normal = model.appearance(isPressed: false)
        #expect(normal.background == LoginButtonAppearance.green)
        #expect(normal.foreground == .init(red: 255, green: 255, blue: 255))
        #expect(normal.separator.alpha == 0.08 && normal.border.alpha == 0)
        let pressed = model.appearance(isPressed: true)
        #expect(abs(pressed.background.green - 199.0 / 255 * 0.7) < 1e-9, "a 30 % black layer")
        _ = model.tap()
        let disabled = model.appearance(isPressed: true)
        #expect(disabled == LoginButtonAppearance.of(.disabled), "while its login runs the button is disabled, pressed or not")
        #expect(disabled.background == .init(red: 255, green: 255, blue: 255))
        #expect(disabled.border == .init(red: 229, green: 229, blue: 229, alpha: 0.6))
        #expect(disabled.foreground == .init(red: 30, green: 30, blue: 30, alpha: 0.2))
        #expect(LoginButtonAppearance.of(.hover).background == LoginButtonAppearance.green.darkened(by: 0.1))
        #expect(LoginButtonAppearance.green.css == "rgba(6,199,85,1.0)")
    }
}
