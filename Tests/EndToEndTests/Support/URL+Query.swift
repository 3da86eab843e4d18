#if Emulator
import Foundation

extension URL {
    func queryValue(_ name: String) -> String? {
        URLComponents(url: self, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    func replacingQueryValue(_ name: String, with value: String) -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        components.queryItems = components.queryItems?.map { $0.name == name ? URLQueryItem(name: name, value: value) : $0 }
        return components.url ?? self
    }
}
#endif
