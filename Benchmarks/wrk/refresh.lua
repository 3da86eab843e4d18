-- POST a refresh_token grant to the token endpoint; the form body comes from the BODY environment variable.
wrk.method = "POST"
wrk.body = os.getenv("BODY")
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
